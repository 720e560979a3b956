import {
  assertBlobKey,
  type BlobStore,
  type BlobWriter,
  partBuffer,
  type ReadBuffer,
  type StoredBlob,
  type StreamedBlob,
} from '../../ports/blob-store';

const DEFAULT_CONTENT_TYPE = 'application/octet-stream';

/**
 * Part size of a streamed write: R2 wants every part but the last at least 5 MiB and all of one size. One part is
 * held in memory while it fills, and one while it uploads.
 */
export const R2_PART_BYTES = 5 * 1024 * 1024;

/**
 * A body of `size` bytes read into `into` with a BYOB reader: the runtime copies the object's bytes straight into the
 * reused buffer instead of allocating one per object. Each read hands the buffer over and gives it back as a new
 * ArrayBuffer over the same memory (the streams standard's transfer), which `into` keeps for the next read.
 */
async function readInto(body: ReadableStream<Uint8Array>, size: number, into: ReadBuffer): Promise<Uint8Array> {
  into.view(size); // room for the whole body
  const reader = body.getReader({ mode: 'byob' });
  let at = 0;
  let done = false;
  try {
    while (at < size && !done) {
      const read = await reader.read(new Uint8Array(into.buffer, at, size - at));
      done = read.done;
      if (read.value) {
        into.buffer = read.value.buffer as ArrayBuffer;
        at += read.value.byteLength;
      }
    }
  } finally {
    // All `size` bytes are read; the end of the stream is not (that would take one more read): let go of it.
    if (!done) await reader.cancel().catch(() => {});
    reader.releaseLock();
  }
  return new Uint8Array(into.buffer, 0, at);
}

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
    async getBytes(key: string, into?: ReadBuffer): Promise<Uint8Array | null> {
      assertBlobKey(key);
      const object = await bucket.get(key);
      if (object === null) return null;
      return into ? readInto(object.body, object.size, into) : new Uint8Array(await object.arrayBuffer());
    },
    async getStream(key: string): Promise<StreamedBlob | null> {
      assertBlobKey(key);
      const object = await bucket.get(key);
      if (object === null) return null;
      return {
        body: object.body,
        contentType: object.httpMetadata?.contentType ?? DEFAULT_CONTENT_TYPE,
        size: object.size,
      };
    },
    /**
     * A multipart upload, started when the first full part is there: a blob shorter than one part is a single put.
     * Nothing shows under the key before `complete`; `abort` ends the upload and its parts.
     */
    async createWriter(key: string, contentType: string): Promise<BlobWriter> {
      assertBlobKey(key);
      const httpMetadata = { contentType };
      let upload: R2MultipartUpload | null = null;
      const uploaded: R2UploadedPart[] = [];
      const uploadPart = async (part: Uint8Array) => {
        upload ??= await bucket.createMultipartUpload(key, { httpMetadata });
        uploaded.push(await upload.uploadPart(uploaded.length + 1, part));
      };
      const parts = partBuffer(R2_PART_BYTES, uploadPart);
      const abort = async () => {
        await upload?.abort();
        upload = null;
      };
      return {
        write: (chunk) => parts.write(chunk),
        async close() {
          const rest = parts.rest();
          try {
            if (upload === null) {
              await bucket.put(key, rest, { httpMetadata });
              return;
            }
            if (rest.length > 0) await uploadPart(rest);
            await upload.complete(uploaded);
          } catch (err) {
            await abort().catch(() => {});
            throw err;
          }
        },
        abort,
      };
    },
    async delete(key: string): Promise<void> {
      assertBlobKey(key);
      await bucket.delete(key);
    },
    async list(prefix: string): Promise<string[]> {
      const keys: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await bucket.list({ prefix, ...(cursor ? { cursor } : {}) });
        for (const object of page.objects) keys.push(object.key);
        cursor = page.truncated ? page.cursor : undefined;
      } while (cursor);
      return keys;
    },
  };
}
