/** Binary documents (label PDFs, exports). Adapters: R2 (Workers), files under DATA_DIR (Node). */
export interface StoredBlob {
  body: Uint8Array;
  contentType: string;
}

export interface BlobStore {
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
  get(key: string): Promise<StoredBlob | null>;
  delete(key: string): Promise<void>;
}

/** Keys are `segment/segment/...` of [A-Za-z0-9._-]; anything else (.., absolute paths) is refused. */
export function assertBlobKey(key: string): void {
  if (!/^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/.test(key) || key.split('/').some((s) => s === '..' || s === '.')) {
    throw new Error(`invalid blob key: ${key}`);
  }
}
