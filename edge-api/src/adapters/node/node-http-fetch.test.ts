import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeHttpFetch } from './node-http-fetch';

/** A real local server: each path answers one way. */
let server: http.Server;
let base: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      switch (req.url) {
        case '/echo':
          res.setHeader('Content-Type', 'application/json');
          res.setHeader('X-Multi', ['a', 'b']);
          res.end(JSON.stringify({ method: req.method, key: req.headers['x-api-key'], body }));
          return;
        case '/redirect':
          res.writeHead(302, { Location: '/echo' });
          res.end('moved');
          return;
        case '/empty':
          res.writeHead(204);
          res.end();
          return;
        case '/slow':
          setTimeout(() => res.end('late'), 2_000).unref();
          return;
        case '/stalls-mid-body':
          res.writeHead(200, { 'Content-Type': 'application/octet-stream' });
          res.write(Buffer.alloc(1024, 1));
          return;
        case '/big':
          res.end(Buffer.alloc(3 * 1024 * 1024, 7));
          return;
        default:
          res.writeHead(404);
          res.end('nope');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('nodeHttpFetch (the provider transport on Node)', () => {
  it('sends method, headers and body, and answers a standard Response with status, headers and body', async () => {
    const res = await nodeHttpFetch(`${base}/echo`, {
      method: 'POST',
      headers: { 'X-Api-Key': 'sk_1', 'Content-Type': 'application/json' },
      body: '{"a":1}',
    });
    expect(res).toBeInstanceOf(Response);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(res.headers.get('x-multi')).toBe('a, b');
    expect(await res.json()).toEqual({ method: 'POST', key: 'sk_1', body: '{"a":1}' });
  });

  it('does not follow redirects, and answers 204 and 404 as they are', async () => {
    const moved = await nodeHttpFetch(`${base}/redirect`);
    expect(moved.status).toBe(302);
    expect(moved.headers.get('location')).toBe('/echo');
    expect(await moved.text()).toBe('moved');
    const empty = await nodeHttpFetch(`${base}/empty`);
    expect(empty.status).toBe(204);
    expect(empty.body).toBeNull();
    expect((await nodeHttpFetch(`${base}/missing`)).status).toBe(404);
  });

  it('fails with the signal’s TimeoutError when no answer comes in time, and with an already aborted signal', async () => {
    await expect(nodeHttpFetch(`${base}/slow`, { signal: AbortSignal.timeout(100) })).rejects.toMatchObject({
      name: 'TimeoutError',
    });
    const aborted = new AbortController();
    aborted.abort();
    await expect(nodeHttpFetch(`${base}/echo`, { signal: aborted.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
  });

  it('fails the body, not the headers, when the timeout strikes while the answer streams', async () => {
    // Long enough that the headers (sent at once) always come first, even on a loaded machine.
    const res = await nodeHttpFetch(`${base}/stalls-mid-body`, { signal: AbortSignal.timeout(2_000) });
    expect(res.status).toBe(200);
    await expect(res.arrayBuffer()).rejects.toThrow();
  });

  it('streams the body, so a reader can stop an oversized answer early', async () => {
    const res = await nodeHttpFetch(`${base}/big`);
    const reader = res.body?.getReader();
    if (!reader) throw new Error('no body');
    const first = await reader.read();
    expect(first.done).toBe(false);
    expect(first.value?.byteLength).toBeLessThan(3 * 1024 * 1024);
    await reader.cancel();
  });

  it('refuses other schemes and fails on a closed port', async () => {
    await expect(nodeHttpFetch('ftp://127.0.0.1/x')).rejects.toThrow(/unsupported protocol/);
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    await expect(nodeHttpFetch(`http://127.0.0.1:${port}/`)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });
});
