import { randomBytes } from 'node:crypto';
import { type Dirent, close as fsClose, open as fsOpen, read as fsRead, fstat } from 'node:fs';
import { type FileHandle, mkdir, open, readdir, readFile, rename, rm } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import {
  assertBlobKey,
  type BlobStore,
  type BlobWriter,
  partBuffer,
  type ReadBuffer,
  type StoredBlob,
  type StreamedBlob,
} from '../../ports/blob-store';
import { backgroundThread } from './background-thread';
import { fileBody } from './file-body';

/**
 * What the writer thread runs. Each request is one blob: its files are written in order, each to a temp file renamed
 * into place, so a reader never sees half a file; a directory removed under us (someone cleaned DATA_DIR) is made
 * again, once. Directories are created 0700 and files 0600 (the umask can only narrow these; see private-files.ts).
 */
const WRITER_SOURCE = `
import { randomBytes } from 'node:crypto';
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { parentPort } from 'node:worker_threads';
const madeDirs = new Set();
function atomicWrite(path, body) {
  const dir = dirname(path);
  if (!madeDirs.has(dir)) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    madeDirs.add(dir);
  }
  const tmp = path + '.' + randomBytes(6).toString('hex') + '.tmp';
  try {
    try {
      writeFileSync(tmp, body, { mode: 0o600 });
    } catch (err) {
      if (err.code !== 'ENOENT') throw err;
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      writeFileSync(tmp, body, { mode: 0o600 });
    }
    renameSync(tmp, path);
  } catch (err) {
    rmSync(tmp, { force: true });
    throw err;
  }
}
parentPort.on('message', ({ id, files }) => {
  try {
    for (const file of files) atomicWrite(file.path, file.body);
    parentPort.postMessage({ id });
  } catch (err) {
    parentPort.postMessage({ id, error: { message: String(err && err.message), code: err && err.code } });
  }
});
`;

/** A streamed blob reaches its file in writes of this size. */
const STREAM_WRITE_BYTES = 1024 * 1024;

const missing = (err: unknown) => {
  // Missing, or something that is not a file where it (or a folder on its path) should be.
  const code = (err as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'EISDIR' || code === 'ENOTDIR';
};

async function writeAll(handle: FileHandle, bytes: Uint8Array): Promise<void> {
  for (let at = 0; at < bytes.length; ) at += (await handle.write(bytes, at, bytes.length - at)).bytesWritten;
}

/** The least a first read asks for (a label is 3-100 KiB): most files are then read whole without asking their size. */
const FIRST_READ_BYTES = 64 * 1024;

/**
 * A file read into `into` (no buffer allocated): open, one read of as much as the buffer holds (at least 64 KiB), close
 * — three thread-pool round trips and no FileHandle, about half the CPU of readFile's open, fstat, read, close through
 * fs/promises (bench/bulk-labels-pdf.mjs reads 10,000 labels this way). A read that answers fewer bytes than it asked
 * for reached the end of the file (a regular file: libuv retries a read a signal interrupts). Only when the first read
 * fills the buffer is the file's size asked (fstat), the buffer grown to it and the file read from the start. A file is
 * only ever replaced whole (written beside its place and renamed), so what one descriptor reads is one version.
 */
function readInto(path: string, into: ReadBuffer): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    fsOpen(path, 'r', (openErr, fd) => {
      if (openErr) return reject(openErr);
      const finish = (err: Error | null, bytes?: Uint8Array) =>
        fsClose(fd, (closeErr) => (err || closeErr ? reject(err ?? closeErr) : resolve(bytes as Uint8Array)));
      /** Reads into view from `at` until it is full or the file ends; answers the bytes read. */
      const fill = (view: Uint8Array, at: number, then: (read: number) => void) =>
        fsRead(fd, view, at, view.length - at, at, (err, bytesRead) => {
          if (err) return finish(err);
          if (bytesRead === 0 || at + bytesRead === view.length) return then(at + bytesRead);
          fill(view, at + bytesRead, then);
        });
      const first = into.view(Math.max(into.buffer.byteLength, FIRST_READ_BYTES));
      fsRead(fd, first, 0, first.length, 0, (err, bytesRead) => {
        if (err) return finish(err);
        if (bytesRead < first.length) return finish(null, first.subarray(0, bytesRead));
        fstat(fd, (statErr, stats) => {
          if (statErr) return finish(statErr);
          if (stats.size <= first.length) return finish(null, first.subarray(0, Math.min(bytesRead, stats.size)));
          const whole = into.view(stats.size);
          fill(whole, 0, (read) => finish(null, whole.subarray(0, read)));
        });
      });
    });
  });
}

/** How long close waits for the writes in flight. */
const CLOSE_GRACE_MS = 5_000;

export interface FsBlobStore extends BlobStore {
  /**
   * Stops the writer thread once the writes in flight are done (those still running after 5 s fail). The store starts
   * it again if written to later.
   */
  close(): Promise<void>;
}

/**
 * The blob store on Node: files under DATA_DIR/blobs. Bodies live in `data/<key>`, content types in
 * `meta/<key>.json`; each write goes to a temp file and is renamed into place, so a reader never sees half a file.
 *
 * Writes run on a thread of their own (see backgroundThread): a label's two files (four creates and renames) cost
 * ~0.8 ms of CPU, which on the event loop would delay every other request by that much on every purchase, and through
 * fs/promises cost more (eight thread-pool round trips and their promises, ~1.5 ms of this thread's time). Handing the
 * bytes to the writer costs this thread one message each way. Reads stay on fs/promises.
 */
export function fsBlobStore(dataDir: string): FsBlobStore {
  const root = resolve(dataDir, 'blobs');
  const dataPath = (key: string) => join(root, 'data', key);
  const metaPath = (key: string) => join(root, 'meta', `${key}.json`);
  const writer = backgroundThread({ name: 'blob writer', source: WRITER_SOURCE });
  const contentTypeOf = async (key: string): Promise<string> => {
    try {
      const meta: unknown = JSON.parse(await readFile(metaPath(key), 'utf8'));
      if (meta && typeof meta === 'object' && 'contentType' in meta && typeof meta.contentType === 'string') {
        return meta.contentType;
      }
    } catch {
      // A body without its meta file still serves, as bytes.
    }
    return 'application/octet-stream';
  };
  const getBytes = async (key: string, into?: ReadBuffer): Promise<Uint8Array | null> => {
    assertBlobKey(key);
    try {
      if (into) return await readInto(dataPath(key), into);
      const body = await readFile(dataPath(key));
      return new Uint8Array(body.buffer, body.byteOffset, body.byteLength);
    } catch (err) {
      if (missing(err)) return null;
      throw err;
    }
  };

  return {
    async put(key: string, body: Uint8Array, contentType: string): Promise<void> {
      assertBlobKey(key);
      // The meta first: a reader that finds the body finds its content type too (and tolerates a missing one).
      await writer.request({
        files: [
          { path: metaPath(key), body: JSON.stringify({ contentType }) },
          { path: dataPath(key), body },
        ],
      });
    },

    async get(key: string): Promise<StoredBlob | null> {
      const body = await getBytes(key);
      return body && { body, contentType: await contentTypeOf(key) };
    },

    getBytes,

    async getStream(key: string): Promise<StreamedBlob | null> {
      assertBlobKey(key);
      let handle: FileHandle;
      try {
        handle = await open(dataPath(key), 'r');
      } catch (err) {
        if (missing(err)) return null;
        throw err;
      }
      try {
        const { size } = await handle.stat();
        const contentType = await contentTypeOf(key);
        // The stream owns the handle from here and closes it at the end (or when the reader cancels); the Node server
        // sends it through a small pool of buffers rather than as a stream (see file-body.ts).
        return { body: fileBody(handle, size), contentType, size };
      } catch (err) {
        await handle.close();
        throw err;
      }
    },

    /**
     * The body goes to a temp file beside its place (through the thread pool, a megabyte at a time), which `close`
     * renames into place once the meta file is written: a reader sees the old blob or the whole new one.
     */
    async createWriter(key: string, contentType: string): Promise<BlobWriter> {
      assertBlobKey(key);
      const path = dataPath(key);
      const tmp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
      await mkdir(dirname(path), { recursive: true, mode: 0o700 });
      const handle = await open(tmp, 'wx', 0o600);
      const parts = partBuffer(STREAM_WRITE_BYTES, (part) => writeAll(handle, part));
      const abort = async () => {
        await handle.close().catch(() => {}); // already closed: nothing to do
        await rm(tmp, { force: true });
      };
      return {
        write: (chunk) => parts.write(chunk),
        async close() {
          try {
            await writeAll(handle, parts.rest());
            await handle.close();
            await writer.request({ files: [{ path: metaPath(key), body: JSON.stringify({ contentType }) }] });
            await rename(tmp, path);
          } catch (err) {
            await abort();
            throw err;
          }
        },
        abort,
      };
    },

    async delete(key: string): Promise<void> {
      assertBlobKey(key);
      await rm(dataPath(key), { force: true });
      await rm(metaPath(key), { force: true });
    },

    /** The files of the prefix's folder whose names start with the rest of it (temp files of writes left out). */
    async list(prefix: string): Promise<string[]> {
      const slash = prefix.lastIndexOf('/');
      const folder = prefix.slice(0, slash + 1);
      const start = prefix.slice(slash + 1);
      if (folder) assertBlobKey(folder.slice(0, -1));
      let entries: Dirent[];
      try {
        entries = await readdir(join(root, 'data', folder), { withFileTypes: true });
      } catch (err) {
        if (missing(err)) return [];
        throw err;
      }
      return entries
        .filter((e) => e.isFile() && e.name.startsWith(start) && !e.name.endsWith('.tmp'))
        .map((e) => `${folder}${e.name}`);
    },

    close: () => writer.stop(CLOSE_GRACE_MS),
  };
}
