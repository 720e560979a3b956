import { createHash, randomBytes } from 'node:crypto';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type ServerType, serve } from '@hono/node-server';
import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fileBodyCounts, sendFileBodies } from './file-body';
import { type FsBlobStore, fsBlobStore } from './fs-blob-store';
import { tempDir } from './test-support';

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Polls until `check` holds (a file is closed a turn or two after its response ends). */
async function eventually(check: () => boolean, ms = 2_000): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** GET on loopback; `slow` pauses the reading for a while after the first chunk (the server's writes back up). */
function get(url: string, opts: { slow?: boolean; abortAfter?: number } = {}) {
  return new Promise<{ res: IncomingMessage; body: Buffer }>((resolve, reject) => {
    const req = httpRequest(url, (res) => {
      const chunks: Buffer[] = [];
      let received = 0;
      res.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        received += chunk.length;
        if (opts.abortAfter !== undefined && received >= opts.abortAfter) {
          req.destroy();
          resolve({ res, body: Buffer.concat(chunks) });
        }
        if (opts.slow && chunks.length === 1) {
          res.pause();
          setTimeout(() => res.resume(), 300);
        }
      });
      res.on('end', () => resolve({ res, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', (err) => (opts.abortAfter !== undefined ? undefined : reject(err)));
    req.end();
  });
}

describe('file bodies: stored documents sent by the Node server through a pool of buffers', () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  let blobs: FsBlobStore;
  let server: ServerType;
  let origin: string;
  /** 5 MiB and a bit: many times the send pool (2 x 256 KiB), not a multiple of a chunk. */
  const doc = new Uint8Array(randomBytes(5 * 1024 * 1024 + 12_345));

  beforeEach(async () => {
    ({ dir, cleanup } = await tempDir());
    blobs = fsBlobStore(dir);
    await blobs.put('bulk-labels/doc.pdf', doc, 'application/pdf');
    const app = new Hono();
    // A header set after the handler, as the app's middleware do (secure headers, no-store): it must be sent too.
    app.use('*', async (c, next) => {
      await next();
      c.res.headers.set('X-After', 'yes');
    });
    app.get('/doc', async (c) => {
      const blob = await blobs.getStream('bulk-labels/doc.pdf');
      if (!blob) return c.text('missing', 404);
      return c.body(blob.body, 200, {
        'Content-Type': blob.contentType,
        'Content-Disposition': 'inline; filename="doc.pdf"',
        'Content-Length': String(blob.size),
      });
    });
    app.get('/text', (c) => c.text('plain'));
    server = await new Promise<ServerType>((resolve) => {
      const s = serve(
        { fetch: (request, env) => sendFileBodies(app.fetch(request, env), env), port: 0, hostname: '127.0.0.1' },
        () => resolve(s),
      );
    });
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterEach(async () => {
    await new Promise((resolve) => server.close(resolve));
    await blobs.close();
    await cleanup();
  });

  it('sends every byte with the response’s status and headers, and closes the file', async () => {
    const before = fileBodyCounts().sent;
    const { res, body } = await get(`${origin}/doc`);
    expect(fileBodyCounts().sent).toBe(before + 1); // by the pool, not as a stream through @hono/node-server
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-length']).toBe(String(doc.byteLength));
    expect(res.headers['content-disposition']).toBe('inline; filename="doc.pdf"');
    expect(res.headers['x-after']).toBe('yes');
    expect(body.byteLength).toBe(doc.byteLength);
    expect(sha(body)).toBe(sha(doc));
    await eventually(() => fileBodyCounts().open === 0);
  });

  it('reuses a buffer only once the socket is done with it: a slow reader gets the same bytes', async () => {
    const before = fileBodyCounts().sent;
    const [slow, fast] = await Promise.all([get(`${origin}/doc`, { slow: true }), get(`${origin}/doc`)]);
    expect(fileBodyCounts().sent).toBe(before + 2);
    expect(sha(slow.body)).toBe(sha(doc));
    expect(sha(fast.body)).toBe(sha(doc));
  });

  it('a client that goes away half way closes the file', async () => {
    const { body } = await get(`${origin}/doc`, { abortAfter: 1024 * 1024 });
    expect(body.byteLength).toBeLessThan(doc.byteLength);
    await eventually(() => fileBodyCounts().open === 0);
  });

  it('other answers pass as they are', async () => {
    const before = fileBodyCounts().sent;
    const { res, body } = await get(`${origin}/text`);
    expect(fileBodyCounts().sent).toBe(before);
    expect(res.statusCode).toBe(200);
    expect(body.toString()).toBe('plain');
  });

  it('read as a web stream elsewhere (a test, a use-case), the body is the file, and it closes at the end or on cancel', async () => {
    const whole = await blobs.getStream('bulk-labels/doc.pdf');
    expect(fileBodyCounts().open).toBe(1);
    expect(sha(new Uint8Array(await new Response(whole?.body).arrayBuffer()))).toBe(sha(doc));
    expect(fileBodyCounts().open).toBe(0);
    const cancelled = await blobs.getStream('bulk-labels/doc.pdf');
    expect(fileBodyCounts().open).toBe(1);
    await cancelled?.body.cancel();
    expect(fileBodyCounts().open).toBe(0);
  });
});
