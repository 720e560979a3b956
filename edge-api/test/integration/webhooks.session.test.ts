import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type CallResult, call, errorOf, loginAdmin, type TestServer } from './helpers';
import { newCustomer, startOrdersServer } from './orders-support';
import { apiKeysOf, v1 } from './public-api-support';
import { at, credit, type Received, type Receiver, startReceiver } from './webhooks-support';

/**
 * The API page's Webhooks tab calls /api/webhook-endpoints… with the web session: the customer's live endpoints, the
 * same ones (and the same answers) as the public API's with a live key; a test key's endpoints are apart, another
 * customer's are 404, and no session is 401.
 */

let server: TestServer;
let receiver: Receiver;
let admin: string;

const WAIT = { timeout: 30_000, interval: 50 };

beforeAll(async () => {
  receiver = await startReceiver();
  server = await startOrdersServer({ allowPrivateWebhookUrls: 'true', webhookRetrySchedule: '0,1' });
  admin = (await loginAdmin(server)).token;
}, 60_000);

afterAll(async () => {
  await server?.stop();
  await receiver?.close();
});

const web = (token: string | undefined, method: string, path: string, json?: unknown): Promise<CallResult> =>
  call(server, method, `/api${path}`, { ...(token ? { token } : {}), ...(json === undefined ? {} : { json }) });

type Endpoint = { id: string; url: string; events: string[]; description: string | null; disabled: boolean };

describe('webhook endpoints with the web session', () => {
  it('create (secret once), list, edit, rotate, deliveries and replay; the live key sees the same endpoint', async () => {
    const buyer = await newCustomer(server, admin, 0);
    const keys = await apiKeysOf(server, buyer.token);

    const created = await web(buyer.token, 'POST', '/webhook-endpoints', {
      url: receiver.url('/session'),
      events: ['balance.credited'],
      description: 'Shop',
    });
    expect(created.status, created.text).toBe(201);
    const endpoint = (created.body as { livemode: boolean; data: Endpoint & { secret: string } }).data;
    expect((created.body as { livemode: boolean }).livemode).toBe(true);
    expect(endpoint.secret).toMatch(/^whsec_/);

    const listed = await web(buyer.token, 'GET', '/webhook-endpoints');
    expect(listed.status, listed.text).toBe(200);
    const data = (listed.body as { data: (Endpoint & { secret?: string })[] }).data;
    expect(data).toMatchObject([{ id: endpoint.id, url: receiver.url('/session'), description: 'Shop' }]);
    expect(data[0]?.secret).toBeUndefined();
    // The same endpoint through the public API with the live key; none with the test key.
    const live = await v1(server, 'GET', '/webhook-endpoints', { key: keys.apiKey });
    expect((live.body as { data: Endpoint[] }).data.map((e) => e.id)).toEqual([endpoint.id]);
    const test = await v1(server, 'GET', '/webhook-endpoints', { key: keys.testKey });
    expect((test.body as { data: Endpoint[] }).data).toEqual([]);

    const edited = await web(buyer.token, 'PATCH', `/webhook-endpoints/${endpoint.id}`, {
      events: ['balance.credited', 'order.created'],
      description: 'Shop (all)',
    });
    expect(edited.status, edited.text).toBe(200);
    expect((edited.body as { data: Endpoint }).data).toMatchObject({
      events: ['balance.credited', 'order.created'],
      description: 'Shop (all)',
    });

    const rotated = await web(buyer.token, 'POST', `/webhook-endpoints/${endpoint.id}/rotate-secret`);
    expect(rotated.status, rotated.text).toBe(200);
    const secret = (rotated.body as { data: { secret: string } }).data.secret;
    expect(secret).not.toBe(endpoint.secret);

    await credit(server, admin, buyer.id, 3);
    await vi.waitFor(() => expect(at(receiver, '/session')).toHaveLength(1), WAIT);
    const first = at(receiver, '/session')[0] as Received;
    const headers = (r: Received) => ({
      'webhook-id': String(r.headers['webhook-id']),
      'webhook-timestamp': String(r.headers['webhook-timestamp']),
      'webhook-signature': String(r.headers['webhook-signature']),
    });
    expect(new Webhook(secret).verify(first.body, headers(first))).toMatchObject({ type: 'balance.credited' });

    const deliveries = async () => {
      const res = await web(buyer.token, 'GET', `/webhook-endpoints/${endpoint.id}/deliveries`);
      expect(res.status, res.text).toBe(200);
      return (res.body as { data: { id: string; eventId: string; trigger: string; responseStatus: number }[] }).data;
    };
    await vi.waitFor(async () => expect(await deliveries()).toHaveLength(1), WAIT);
    const [delivery] = await deliveries();
    expect(delivery).toMatchObject({ eventId: first.headers['webhook-id'], trigger: 'scheduled', responseStatus: 200 });

    const replayed = await web(buyer.token, 'POST', `/webhook-deliveries/${delivery?.id}/replay`);
    expect(replayed.status, replayed.text).toBe(202);
    await vi.waitFor(() => expect(at(receiver, '/session')).toHaveLength(2), WAIT);
    expect(at(receiver, '/session')[1]?.headers['webhook-id']).toBe(first.headers['webhook-id']);
    await vi.waitFor(
      async () => expect((await deliveries()).map((d) => d.trigger)).toEqual(['replay', 'scheduled']),
      WAIT,
    );

    const removed = await web(buyer.token, 'DELETE', `/webhook-endpoints/${endpoint.id}`);
    expect(removed.status, removed.text).toBe(200);
    expect((await web(buyer.token, 'GET', '/webhook-endpoints')).body).toMatchObject({ data: [] });
  });

  it('bad input is a 400 naming the field; another customer gets 404; no session gets 401', async () => {
    const owner = await newCustomer(server, admin, 0);
    const other = await newCustomer(server, admin, 0);
    const bad = await web(owner.token, 'POST', '/webhook-endpoints', {
      url: 'not a url',
      events: ['balance.credited'],
    });
    expect(bad.status, bad.text).toBe(400);
    expect(errorOf(bad).error.details.map((d) => d.path)).toContain('url');
    const unknownEvent = await web(owner.token, 'POST', '/webhook-endpoints', {
      url: receiver.url('/x'),
      events: ['order.exploded'],
    });
    expect(unknownEvent.status, unknownEvent.text).toBe(400);
    expect((await web(owner.token, 'GET', '/webhook-endpoints')).body).toMatchObject({ data: [] });

    const created = await web(owner.token, 'POST', '/webhook-endpoints', {
      url: receiver.url('/mine'),
      events: ['order.created'],
    });
    expect(created.status, created.text).toBe(201);
    const id = (created.body as { data: Endpoint }).data.id;
    for (const [method, path] of [
      ['PATCH', `/webhook-endpoints/${id}`],
      ['DELETE', `/webhook-endpoints/${id}`],
      ['POST', `/webhook-endpoints/${id}/rotate-secret`],
      ['GET', `/webhook-endpoints/${id}/deliveries`],
    ] as const) {
      const res = await web(other.token, method, path, method === 'PATCH' ? { description: 'mine now' } : undefined);
      expect(res.status, `${method} ${path}: ${res.text}`).toBe(404);
    }
    expect((await web(undefined, 'GET', '/webhook-endpoints')).status).toBe(401);
    expect((await web(undefined, 'POST', '/webhook-endpoints', { url: receiver.url('/y'), events: [] })).status).toBe(
      401,
    );
    // Still the owner's, unchanged.
    expect((await web(owner.token, 'GET', '/webhook-endpoints')).body).toMatchObject({
      data: [{ id, description: null }],
    });
  });
});
