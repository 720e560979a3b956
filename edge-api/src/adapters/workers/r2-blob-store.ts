import { assertBlobKey, type BlobStore, type StoredBlob } from '../../ports/blob-store';

const DEFAULT_CONTENT_TYPE = 'application/octet-stream';

/** The `BlobStore` port over an R2 bucket binding; the content type travels as the object's HTTP metadata. */
export function r2BlobStore(bucket: R2Bucket): BlobStore {
  return {
    async put(key: string, body: Uint8Array, contentType: string): Promise<void> {
      assertBlobKey(key);
      await bucket.put(key, body, { httpMetadata: { contentType } });
    },
    async get(key: string): Promise<StoredBlob | null> {
      assertBlobKey(key);
      const object = await bucket.get(key);
      if (object === null) return null;
      return {
        body: new Uint8Array(await object.arrayBuffer()),
        contentType: object.httpMetadata?.contentType ?? DEFAULT_CONTENT_TYPE,
      };
    },
    async delete(key: string): Promise<void> {
      assertBlobKey(key);
      await bucket.delete(key);
    },
  };
}
