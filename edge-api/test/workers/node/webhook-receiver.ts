import { createServer, type IncomingHttpHeaders } from 'node:http';
import { listenOnLoopback } from './loopback';

/** One request the receiver got: its path, the Standard Webhooks headers and the raw body. */
export interface ReceivedWebhook {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  status: number;
}

/**
 * A loopback webhook receiver for the Worker tests (workerd's fetch reaches Node's loopback): every POST is recorded
 * (GET /_received?path=…), and a path can be told to fail its next requests (POST /_fail {path, status, count}); every
 * other request answers 200.
 */
export async function startWebhookReceiver() {
  const received: ReceivedWebhook[] = [];
  const failures = new Map<string, { status: number; count: number }>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://receiver');
      const text = Buffer.concat(chunks).toString('utf8');
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.method === 'GET' && url.pathname === '/_received') {
        return send(
          200,
          received.filter((r) => r.path === url.searchParams.get('path')),
        );
      }
      if (req.method === 'POST' && url.pathname === '/_fail') {
        const { path, status, count } = JSON.parse(text) as { path: string; status: number; count: number };
        failures.set(path, { status, count });
        return send(200, { ok: true });
      }
      const failure = failures.get(url.pathname);
      const status = failure && failure.count > 0 ? failure.status : 200;
      if (failure) failure.count -= 1;
      received.push({ path: url.pathname, headers: req.headers, body: text, status });
      return send(status, { received: status === 200 });
    });
  });
  return listenOnLoopback(server);
}
