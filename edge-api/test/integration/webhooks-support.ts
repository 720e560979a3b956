import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import { call, type TestServer } from './helpers';
import { v1 } from './public-api-support';

/** A loopback webhook receiver: every request recorded; each path answers as its script says. */
export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export type Answer = { status: number; body?: string; hold?: Promise<void> };

export interface Receiver {
  url(path: string): string;
  received: Received[];
  on(path: string, answer: (n: number) => Answer): void;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const received: Received[] = [];
  const scripts = new Map<string, (n: number) => Answer>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      const n = received.filter((r) => r.path === path).length;
      const answer = scripts.get(path)?.(n) ?? { status: 200 };
      const send = () => {
        if (res.destroyed) return;
        res.writeHead(answer.status, { 'content-type': 'text/plain' });
        res.end(answer.body ?? 'ok');
      };
      if (answer.hold) void answer.hold.then(send);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    received,
    on: (path, answer) => scripts.set(path, answer),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export const at = (receiver: Receiver, path: string) => receiver.received.filter((r) => r.path === path);

export async function createEndpoint(server: TestServer, key: string, url: string, events = ['balance.credited']) {
  const res = await v1(server, 'POST', '/webhook-endpoints', { key, json: { url, events } });
  expect(res.status, res.text).toBe(201);
  return (res.body as { data: { id: string; secret: string } }).data;
}

/** Credits the customer through the admin page: a `balance.credited` event. */
export async function credit(server: TestServer, admin: string, userId: string, amount = 5) {
  const res = await call(server, 'PATCH', `/api/admin/users/${userId}/balance`, {
    token: admin,
    json: { mode: 'add', amount, reason: 'webhook test' },
  });
  expect(res.status, res.text).toBe(200);
}

export interface DeliveryView {
  id: string;
  eventId: string;
  attempt: number;
  trigger: string;
  succeeded: boolean;
  responseStatus: number | null;
  responseBody: string | null;
}

export async function deliveriesOf(server: TestServer, key: string, endpointId: string): Promise<DeliveryView[]> {
  const res = await v1(server, 'GET', `/webhook-endpoints/${endpointId}/deliveries`, {
    key,
    template: '/webhook-endpoints/:endpoint_id/deliveries',
  });
  expect(res.status, res.text).toBe(200);
  return (res.body as { data: DeliveryView[] }).data;
}
