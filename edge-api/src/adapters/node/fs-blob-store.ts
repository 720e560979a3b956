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

/** The writer thread's workerData: the module listens for requests only there. */
const WRITER_THREAD = 'labeldesk blob writer';

/**
 * What the writer thread runs (and a store that writes on its own thread imports: `writeBlob`). Each request is one
 * blob: the files it names in `remove` are removed, then its files are written in order, each to a temp file renamed
 * into place, so a reader never sees half a file; a directory removed under us (someone cleaned DATA_DIR) is made
 * again, once. Directories are created 0700 and files 0600 (the umask can only narrow these; see private-files.ts).
 */
const WRITER_SOURCE = `
import { randomBytes } from 'node:crypto';
import { mkdirSync, renameSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
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
function removeFile(path) {
  try {
    unlinkSync(path); // one system call; rmSync's force costs an lstat and a rimraf around it
  } catch (err) {
    if (err.code !== 'ENOENT' && err.code !== 'ENOTDIR') throw err;
  }
}
export function writeBlob({ files, remove = [] }) {
  for (const path of remove) removeFile(path);
  for (const file of files) atomicWrite(file.path, file.body);
}
if (workerData === WRITER_THREAD) {
  parentPort.on('message', ({ id, ...request }) => {
    try {
      writeBlob(request);
      parentPort.postMessage({ id });
    } catch (err) {
      parentPort.postMessage({ id, error: { message: String(err && err.message), code: err && err.code } });
    }
  });
}
`.replace('WRITER_THREAD', JSON.stringify(WRITER_THREAD));

/** One blob's writes, as the writer module takes them. */
interface BlobWrite {
  files: { path: string; body: string | Uint8Array }[];
  remove: string[];
}

/**
 * The writer module loaded on the calling thread (fsBlobStore's `writeHere`): its `writeBlob`, the same code the writer
 * thread runs, imported once.
 */
let writeHere: Promise<(write: BlobWrite) => void> | undefined;
const writeOnThisThread = (write: BlobWrite): Promise<void> => {
  writeHere ??= import(/* @vite-ignore */ `data:text/javascript,${encodeURIComponent(WRITER_SOURCE)}`).then(
    (module: { writeBlob: (write: BlobWrite) => void }) => module.writeBlob,
  );
  return writeHere.then((writeBlob) => writeBlob(write));
};

/**
 * The content types a key's extension names: a blob of one of these types under a key with its extension needs no
 * meta file (a blob of another type under such a key still gets one, and it wins).
 */
const EXTENSION_TYPES: Readonly<Record<string, string>> = {
  '.pdf': 'application/pdf',
  '.png': 'image/png',
  '.zpl': 'application/zpl',
  '.json': 'application/json',
};

const typeOfExtension = (key: string): string | undefined => {
  const dot = key.lastIndexOf('.');
  return dot > key.lastIndexOf('/') ? EXTENSION_TYPES[key.slice(dot)] : undefined;
};

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
 * The blob store on Node: files under DATA_DIR/blobs. Bodies live in `data/<key>`; each write goes to a temp file and
 * is renamed into place, so a reader never sees half a file. A content type is the one the key's extension names
 * (EXTENSION_TYPES: every label and document LabelDesk stores), else it lives in `meta/<key>.json`. One file a label,
 * not two: creating a file is most of what storing a label costs (an inode; on a file system without a journal ext4
 * also passes over every inode freed in the last minutes to find one), and a bulk order stores 10,000 of them.
 *
 * Writes run on a thread of their own (see backgroundThread): creating and renaming a file costs a few tenths of a ms of
 * CPU, which on the event loop would delay every other request by that much on every purchase, and through fs/promises
 * costs more (thread-pool round trips and their promises). Handing the bytes to the writer costs this thread one
 * message each way. Reads stay on fs/promises.
 *
 * `writeHere`: writes run on the calling thread instead, synchronously — for the job thread, which serves no request
 * (a write delays only its other jobs, by a fraction of a ms), while handing each label over costs a message and a
 * wake-up of both threads on every row of a bulk order (bench/bulk-throughput.mjs, by thread: see the note on issue 24).
 */
export function fsBlobStore(dataDir: string, options: { writeHere?: boolean } = {}): FsBlobStore {
  const root = resolve(dataDir, 'blobs');
  const dataPath = (key: string) => join(root, 'data', key);
  const metaPath = (key: string) => join(root, 'meta', `${key}.json`);
  const thread = backgroundThread({
    name: 'blob writer',
    threadName: 'ld-blob-writer',
    source: WRITER_SOURCE,
    workerData: WRITER_THREAD,
  });
  const write = (request: BlobWrite): Promise<unknown> =>
    options.writeHere ? writeOnThisThread(request) : thread.request({ ...request });
  const contentTypeOf = async (key: string): Promise<string> => {
    try {
      const meta: unknown = JSON.parse(await readFile(metaPath(key), 'utf8'));
      if (meta && typeof meta === 'object' && 'contentType' in meta && typeof meta.contentType === 'string') {
        return meta.contentType;
      }
    } catch {
      // No meta file: the type its extension names, else bytes.
    }
    return typeOfExtension(key) ?? 'application/octet-stream';
  };
  /**
   * The writes of a blob's content type: none when the key's extension names it (its meta file, if an earlier write of
   * another type left one, removed first), else its meta file.
   */
  const typeFiles = (key: string, contentType: string) =>
    typeOfExtension(key) === contentType
      ? { files: [], remove: [metaPath(key)] }
      : { files: [{ path: metaPath(key), body: JSON.stringify({ contentType }) }], remove: [] };
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
      // The type first: a reader that finds the body finds its content type too (and tolerates a missing one).
      const type = typeFiles(key, contentType);
      await write({ files: [...type.files, { path: dataPath(key), body }], remove: type.remove });
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
            await write(typeFiles(key, contentType));
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

    close: () => thread.stop(CLOSE_GRACE_MS),
  };
}
