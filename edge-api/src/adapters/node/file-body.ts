import { read } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import type { Http2Bindings, HttpBindings } from '@hono/node-server';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';

/**
 * Bodies of stored files (the fs blob store's getStream), and how the Node server sends them.
 *
 * Read as a web stream (any consumer: a test, a use-case), a file body hands out a new 256 KiB buffer per chunk, since
 * it cannot know when its reader is done with one. Those buffers are ArrayBuffers outside the JS heap that V8 only
 * collects once about 64 MiB of them have piled up: streaming a 500 MiB combined labels document back that way peaked
 * at 51-67 MiB of added memory (bench/bulk-labels-pdf.mjs), bounded by the collector's timing, not by the code.
 *
 * So the Node server sends a response whose body is a file body itself (sendFileBodies): it reads the file into a
 * pool of SEND_BUFFERS buffers of SEND_CHUNK_BYTES and writes each to the response, reusing a buffer only once the
 * response's write callback says the socket is done with it. However slow the client, at most the pool is held
 * (512 KiB) and no buffer per chunk is left for the collector (at 10,000 labels, 514 MiB: 0.5-0.9 MiB external
 * memory added instead of 34). Status and headers are the response's own, written as @hono/node-server writes them.
 */

/** What a web-stream reader gets per chunk (one new buffer each). */
const STREAM_CHUNK_BYTES = 256 * 1024;
/** The send pool: SEND_BUFFERS buffers of SEND_CHUNK_BYTES, the most a response being sent holds. */
const SEND_CHUNK_BYTES = 256 * 1024;
const SEND_BUFFERS = 2;

// @hono/node-server skips a response marked already sent only when it is a native Response; one made after serve()
// replaced the global Response is its lightweight one (answered from a cache that ignores the mark) until its body is
// read, which turns it native.
void RESPONSE_ALREADY_SENT.body;

interface FileState {
  handle: FileHandle;
  size: number;
  /** idle: nothing read yet (it can still be sent by the server); reading: a web stream reader has it; done: closed. */
  state: 'idle' | 'reading' | 'sending' | 'done';
}

const fileStates = new WeakMap<ReadableStream<Uint8Array>, FileState>();
/** File bodies neither read to the end, cancelled, sent nor collected: while there are none, responses pass as they are. */
let unsent = 0;

/** File bodies the server has sent itself. */
let sent = 0;

/** For tests: the file bodies still open (one read, cancelled or sent has closed its file), and those sent by the server. */
export const fileBodyCounts = () => ({ open: unsent, sent });

async function finish(file: FileState): Promise<void> {
  if (file.state === 'done') return;
  file.state = 'done';
  unsent--;
  await file.handle.close();
}

/** A body dropped unread (a HEAD answer, say) closes its file once collected, and no longer counts as unsent. */
const dropped = new FinalizationRegistry<FileState>((file) => {
  finish(file).catch(() => {}); // the handle may already be closed
});

/**
 * The open file as a stream of `size` bytes; the stream owns the handle and closes it at the end, on cancel, or when
 * it is collected unread. A chunk is read only when the reader asks for one (highWaterMark 0): until then the server
 * can still take the file over and send it itself.
 */
export function fileBody(handle: FileHandle, size: number): ReadableStream<Uint8Array> {
  const file: FileState = { handle, size, state: 'idle' };
  unsent++;
  let position = 0;
  const stream = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        file.state = 'reading';
        try {
          if (position >= size) {
            await finish(file);
            controller.close();
            return;
          }
          const buffer = Buffer.allocUnsafeSlow(Math.min(STREAM_CHUNK_BYTES, size - position));
          const { bytesRead } = await handle.read(buffer, 0, buffer.length, position);
          if (bytesRead === 0) throw new Error(`file ended at ${position} of its ${size} bytes`);
          position += bytesRead;
          controller.enqueue(new Uint8Array(buffer.buffer, buffer.byteOffset, bytesRead));
        } catch (err) {
          await finish(file).catch(() => {});
          controller.error(err);
        }
      },
      cancel: () => finish(file),
    },
    { highWaterMark: 0 },
  );
  fileStates.set(stream, file);
  dropped.register(stream, file);
  return stream;
}

/** One read into `buffer` (fs.read: no FileHandle promise and result object per chunk, less for the collector). */
function readAt(fd: number, buffer: Uint8Array, length: number, position: number): Promise<number> {
  return new Promise((resolve, reject) =>
    read(fd, buffer, 0, length, position, (err, bytesRead) => (err ? reject(err) : resolve(bytesRead))),
  );
}

/** What `send` uses of a response (http's ServerResponse and http2's alike). */
interface Outgoing {
  write(chunk: Uint8Array, done: (err?: Error | null) => void): boolean;
  end(): unknown;
  once(event: 'close', listener: () => void): unknown;
  off(event: 'close', listener: () => void): unknown;
}

/** Writes the file to the response through the buffer pool, each buffer reused once its write is done; then ends it. */
async function send(file: FileState, out: Outgoing): Promise<void> {
  const free = Array.from({ length: SEND_BUFFERS }, () => Buffer.allocUnsafeSlow(SEND_CHUNK_BYTES));
  let wake: (() => void) | undefined;
  let closed = false;
  const signal = () => {
    const resolve = wake;
    wake = undefined;
    resolve?.();
  };
  const onClose = () => {
    closed = true; // the client went away (or the response ended): buffers still in flight are never reused
    signal();
  };
  out.once('close', onClose);
  try {
    for (let position = 0; position < file.size; ) {
      while (free.length === 0 && !closed) await new Promise<void>((resolve) => (wake = resolve));
      if (closed) return;
      const buffer = free.pop() as Buffer<ArrayBuffer>;
      const bytesRead = await readAt(file.handle.fd, buffer, Math.min(buffer.length, file.size - position), position);
      if (closed) return;
      if (bytesRead === 0) throw new Error(`file ended at ${position} of its ${file.size} bytes`);
      position += bytesRead;
      out.write(buffer.subarray(0, bytesRead), () => {
        free.push(buffer);
        signal();
      });
    }
    out.end();
  } finally {
    out.off('close', onClose);
    await finish(file);
  }
}

/** The response's headers as @hono/node-server writes them (Set-Cookie kept apart, a body's default content type). */
function outgoingHeaders(headers: Headers): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  const cookies = headers.getSetCookie();
  for (const [name, value] of headers) if (name !== 'set-cookie') out[name] = value;
  if (cookies.length > 0) out['set-cookie'] = cookies;
  out['content-type'] ??= 'text/plain; charset=UTF-8';
  return out;
}

/**
 * The app's answer, sent here when its body is an unread file body (see the top of this file), else as it is for
 * @hono/node-server to send. An answer given at once is handed back untouched (no handler opened a file for it); a
 * later one costs a look at a counter while no file body is open.
 */
export function sendFileBodies(
  answer: Response | Promise<Response>,
  env: HttpBindings | Http2Bindings,
): Response | Promise<Response> {
  if (!(answer instanceof Promise)) return answer;
  return answer.then(async (res) => {
    if (unsent === 0) return res;
    const body = res.body; // (turns @hono/node-server's lightweight Response into a native one: only while files are open)
    const file = body && fileStates.get(body);
    if (!body || !file || file.state !== 'idle' || body.locked) return res;
    body.getReader(); // locked: from here only `send` reads the file
    file.state = 'sending';
    sent++;
    const out = env.outgoing;
    out.writeHead(res.status, outgoingHeaders(res.headers));
    try {
      await send(file, out as Outgoing);
    } catch (err) {
      // Headers are out: the client sees a body shorter than its Content-Length.
      out.destroy(err as Error);
    }
    return RESPONSE_ALREADY_SENT;
  });
}
