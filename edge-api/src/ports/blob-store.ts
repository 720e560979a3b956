/** Binary documents (label PDFs, exports). Adapters: R2 (Workers), files under DATA_DIR (Node). */
export interface StoredBlob {
  body: Uint8Array;
  contentType: string;
}

/** A blob being read as a stream (a combined labels document can be hundreds of MB: never held whole). */
export interface StreamedBlob {
  body: ReadableStream<Uint8Array>;
  contentType: string;
  /** Bytes in the blob. */
  size: number;
}

/**
 * A blob being written a piece at a time. Nothing is visible under the key until `close` resolves, and then all of it
 * (a reader never sees part of a document); `abort` drops what was written and leaves the key as it was.
 */
export interface BlobWriter {
  write(chunk: Uint8Array): Promise<void>;
  close(): Promise<void>;
  abort(): Promise<void>;
}

export interface BlobStore {
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
  get(key: string): Promise<StoredBlob | null>;
  /**
   * The body alone, null when there is none (no content type: on Node one file read instead of two). With `into`, the
   * body is read into that buffer and the answer is a view of it, valid until the buffer's next read: a run that reads
   * thousands of blobs one after the other (a combined labels document) allocates nothing per blob.
   */
  getBytes(key: string, into?: ReadBuffer): Promise<Uint8Array | null>;
  /** The blob as a stream, null when there is none. */
  getStream(key: string): Promise<StreamedBlob | null>;
  /** Writes a blob as a stream (Node: a file; Workers: an R2 multipart upload). */
  createWriter(key: string, contentType: string): Promise<BlobWriter>;
  delete(key: string): Promise<void>;
  /** The keys of the stored blobs that start with `prefix` (a blob still being written is not one yet). */
  list(prefix: string): Promise<string[]>;
}

/**
 * A buffer that blobs are read into one after the other (BlobStore.getBytes), reused from one read to the next: it
 * grows to the largest blob read and is never shrunk, so reading 10,000 labels of 50 KiB allocates one 50 KiB buffer,
 * not 500 MB of buffers for the collector to catch up with (an ArrayBuffer's memory is outside the JS heap, and V8 lets
 * up to 64 MB of it pile up before it collects for it). Whatever was read into it is only valid until the next read.
 */
export class ReadBuffer {
  /** The memory reads go to (an adapter that reads with a BYOB reader replaces it with the one the read gives back). */
  buffer = new ArrayBuffer(0);

  /** The first `size` bytes of the buffer, grown first when it holds fewer (its contents are then lost). */
  view(size: number): Uint8Array {
    if (this.buffer.byteLength < size) this.buffer = new ArrayBuffer(Math.max(size, this.buffer.byteLength * 2));
    return new Uint8Array(this.buffer, 0, size);
  }
}

/**
 * Gathers written chunks into parts of exactly `partSize` bytes (the last one may be shorter), handing each full part
 * to `onPart` before accepting more: at most one part is held. R2 wants every part of a multipart upload but the last
 * to be the same size of at least 5 MiB; files are written in large pieces rather than one syscall per chunk.
 * The part's buffer is reused for the next part once `onPart` resolves (`onPart` must be done with the bytes by then):
 * a document of 500 MB costs one part of memory, not 500 MB of buffers for the collector to catch up with.
 */
export function partBuffer(partSize: number, onPart: (part: Uint8Array) => Promise<void>) {
  let part = new Uint8Array(partSize);
  let filled = 0;
  return {
    async write(chunk: Uint8Array): Promise<void> {
      let at = 0;
      while (at < chunk.length) {
        const n = Math.min(partSize - filled, chunk.length - at);
        part.set(chunk.subarray(at, at + n), filled);
        filled += n;
        at += n;
        if (filled === partSize) {
          await onPart(part);
          filled = 0;
        }
      }
    },
    /** What is left (shorter than a part, possibly empty); the buffer is empty afterwards. */
    rest(): Uint8Array {
      const out = part.subarray(0, filled);
      part = new Uint8Array(0);
      filled = 0;
      return out;
    },
  };
}

/** Keys are `segment/segment/...` of [A-Za-z0-9._-]; anything else (.., absolute paths) is refused. */
export function assertBlobKey(key: string): void {
  if (!/^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/.test(key) || key.split('/').some((s) => s === '..' || s === '.')) {
    throw new Error(`invalid blob key: ${key}`);
  }
}
