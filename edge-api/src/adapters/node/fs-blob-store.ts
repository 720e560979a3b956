import { randomBytes } from 'node:crypto';
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { assertBlobKey, type BlobStore, type StoredBlob } from '../../ports/blob-store';

/**
 * The blob store on Node: files under DATA_DIR/blobs. Bodies live in `data/<key>`, content types in
 * `meta/<key>.json`; each write goes to a temp file and is renamed into place, so a reader never sees half a file.
 *
 * Writes are synchronous: the blobs are small (label PDFs are a few KB to ~100 KB), libSQL already does its file I/O
 * synchronously on this thread, and a label's two files cost ~0.4 ms this way (measured on ext4) where the same work
 * through fs/promises (eight thread-pool round trips and their promises) cost ~1.5 ms of this thread's time on every
 * label purchase. Reads stay asynchronous.
 */
export function fsBlobStore(dataDir: string): BlobStore {
  const root = resolve(dataDir, 'blobs');
  const dataPath = (key: string) => join(root, 'data', key);
  const metaPath = (key: string) => join(root, 'meta', `${key}.json`);

  // Directories this process has made (or found): a label purchase should not pay a mkdir per file.
  const madeDirs = new Set<string>();
  function atomicWrite(path: string, body: Uint8Array | string): void {
    const dir = dirname(path);
    if (!madeDirs.has(dir)) {
      mkdirSync(dir, { recursive: true });
      madeDirs.add(dir);
    }
    const tmp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      try {
        writeFileSync(tmp, body);
      } catch (err) {
        // The directory went away under us (someone cleaned DATA_DIR): make it again, once.
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
        mkdirSync(dir, { recursive: true });
        writeFileSync(tmp, body);
      }
      renameSync(tmp, path);
    } catch (err) {
      rmSync(tmp, { force: true });
      throw err;
    }
  }

  return {
    async put(key: string, body: Uint8Array, contentType: string): Promise<void> {
      assertBlobKey(key);
      // The meta first: a reader that finds the body finds its content type too (and tolerates a missing one).
      atomicWrite(metaPath(key), JSON.stringify({ contentType }));
      atomicWrite(dataPath(key), body);
    },

    async get(key: string): Promise<StoredBlob | null> {
      assertBlobKey(key);
      let body: Buffer;
      try {
        body = await readFile(dataPath(key));
      } catch (err) {
        // Missing, or something that is not a file where it (or a folder on its path) should be.
        const code = (err as NodeJS.ErrnoException).code;
        if (code === 'ENOENT' || code === 'EISDIR' || code === 'ENOTDIR') return null;
        throw err;
      }
      let contentType = 'application/octet-stream';
      try {
        const meta: unknown = JSON.parse(await readFile(metaPath(key), 'utf8'));
        if (meta && typeof meta === 'object' && 'contentType' in meta && typeof meta.contentType === 'string') {
          contentType = meta.contentType;
        }
      } catch {
        // A body without its meta file still serves, as bytes.
      }
      return { body: new Uint8Array(body.buffer, body.byteOffset, body.byteLength), contentType };
    },

    async delete(key: string): Promise<void> {
      assertBlobKey(key);
      await rm(dataPath(key), { force: true });
      await rm(metaPath(key), { force: true });
    },
  };
}
