import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { errorOf, loginAdmin, type TestServer } from './helpers';
import { newCustomer, startOrdersServer } from './orders-support';
import { apiKeysOf, v1 } from './public-api-support';
import {
  at,
  createEndpoint,
  credit,
  deliveriesOf,
  type Received,
  type Receiver,
  startReceiver,
} from './webhooks-support';

/**
 * Outbound webhooks over real HTTP: the server delivers events to a receiver on loopback (allowed only because this
 * server sets ALLOW_PRIVATE_WEBHOOK_URLS) and every request is verified with `standardwebhooks`, the specification's
 * reference library. The retry schedule is shortened to whole seconds by WEBHOOK_RETRY_SCHEDULE.
 */

let server: TestServer;
let receiver: Receiver;
let admin: string;

const WAIT = { timeout: 30_000, interval: 50 };

beforeAll(async () => {
  receiver = await startReceiver();
  server = await startOrdersServer({ allowPrivateWebhookUrls: 'true', webhookRetrySchedule: '0,1,1,1' });
  admin = (await loginAdmin(server)).token;
}, 60_000);

afterAll(async () => {
  await server?.stop();
  await receiver?.close();
});

async function customer() {
  const buyer = await newCustomer(server, admin, 0);
  const keys = await apiKeysOf(server, buyer.token);
  return { ...buyer, key: keys.apiKey };
}

function verified(secret: string, request: Received) {
  return new Webhook(secret).verify(request.body, {
    'webhook-id': String(request.headers['webhook-id']),
    'webhook-timestamp': String(request.headers['webhook-timestamp']),
    'webhook-signature': String(request.headers['webhook-signature']),
  }) as { id: string; type: string; livemode: boolean; data: { amount: number } };
}

describe('webhook delivery (Standard Webhooks)', () => {
  it('retries a 500 with the same webhook-id until the 200, both signed so the reference library verifies them', async () => {
    const buyer = await customer();
    receiver.on('/retry', (n) => (n === 1 ? { status: 500, body: 'boom' } : { status: 200, body: 'thanks' }));
    const endpoint = await createEndpoint(server, buyer.key, receiver.url('/retry'));
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);

    await credit(server, admin, buyer.id, 7.5);
    await vi.waitFor(() => expect(at(receiver, '/retry')).toHaveLength(2), WAIT);
    const [first, second] = at(receiver, '/retry') as [Received, Received];
    expect(second.headers['webhook-id']).toBe(first.headers['webhook-id']);
    const event = verified(endpoint.secret, second);
    expect(verified(endpoint.secret, first)).toEqual(event);
    expect(event).toMatchObject({ id: first.headers['webhook-id'], type: 'balance.credited', livemode: true });
    expect(event.data.amount).toBe(7.5);

    await vi.waitFor(async () => expect(await deliveriesOf(server, buyer.key, endpoint.id)).toHaveLength(2), WAIT);
    const deliveries = await deliveriesOf(server, buyer.key, endpoint.id);
    expect(deliveries.map((d) => [d.attempt, d.responseStatus, d.succeeded, d.responseBody])).toEqual([
      [2, 200, true, 'thanks'],
      [1, 500, false, 'boom'],
    ]);
    expect(new Set(deliveries.map((d) => d.eventId))).toEqual(new Set([event.id]));
  });

  it('disables an endpoint that answers 410 Gone and sends it nothing more', async () => {
    const buyer = await customer();
    receiver.on('/gone', () => ({ status: 410 }));
    const gone = await createEndpoint(server, buyer.key, receiver.url('/gone'));
    const healthy = await createEndpoint(server, buyer.key, receiver.url('/healthy-410'));

    await credit(server, admin, buyer.id);
    await vi.waitFor(async () => {
      const list = await v1(server, 'GET', '/webhook-endpoints', { key: buyer.key });
      const view = (list.body as { data: { id: string; disabled: boolean; disabledReason: string | null }[] }).data;
      expect(view.find((e) => e.id === gone.id)).toMatchObject({ disabled: true, disabledReason: 'gone' });
    }, WAIT);
    expect(at(receiver, '/gone')).toHaveLength(1);

    // A second event reaches the healthy endpoint; the disabled one is not even queued for it.
    await credit(server, admin, buyer.id);
    await vi.waitFor(() => expect(at(receiver, '/healthy-410')).toHaveLength(2), WAIT);
    expect(at(receiver, '/gone')).toHaveLength(1);
    expect((await deliveriesOf(server, buyer.key, gone.id)).map((d) => d.responseStatus)).toEqual([410]);
    expect(healthy.id).not.toBe(gone.id);
  });

  it('replays a delivery with the same webhook-id, recorded as a replay', async () => {
    const buyer = await customer();
    const endpoint = await createEndpoint(server, buyer.key, receiver.url('/replay'));
    await credit(server, admin, buyer.id);
    await vi.waitFor(async () => expect(await deliveriesOf(server, buyer.key, endpoint.id)).toHaveLength(1), WAIT);
    const [delivery] = await deliveriesOf(server, buyer.key, endpoint.id);

    const res = await v1(server, 'POST', `/webhook-deliveries/${delivery?.id}/replay`, {
      key: buyer.key,
      template: '/webhook-deliveries/:delivery_id/replay',
    });
    expect(res.status, res.text).toBe(202);
    await vi.waitFor(() => expect(at(receiver, '/replay')).toHaveLength(2), WAIT);
    const [first, again] = at(receiver, '/replay') as [Received, Received];
    expect(again.headers['webhook-id']).toBe(first.headers['webhook-id']);
    expect(verified(endpoint.secret, again).id).toBe(delivery?.eventId);
    await vi.waitFor(async () => {
      const list = await deliveriesOf(server, buyer.key, endpoint.id);
      expect(list.map((d) => [d.trigger, d.attempt, d.succeeded])).toEqual([
        ['replay', 2, true],
        ['scheduled', 1, true],
      ]);
    }, WAIT);

    // Another customer's key cannot replay it.
    const other = await customer();
    const foreign = await v1(server, 'POST', `/webhook-deliveries/${delivery?.id}/replay`, {
      key: other.key,
      template: '/webhook-deliveries/:delivery_id/replay',
    });
    expect(foreign.status).toBe(404);
  });

  it('signs with the old and the new secret after a rotation, and both verify', async () => {
    const buyer = await customer();
    const endpoint = await createEndpoint(server, buyer.key, receiver.url('/rotate'));
    const res = await v1(server, 'POST', `/webhook-endpoints/${endpoint.id}/rotate-secret`, {
      key: buyer.key,
      template: '/webhook-endpoints/:endpoint_id/rotate-secret',
    });
    expect(res.status, res.text).toBe(200);
    const rotated = (res.body as { data: { secret: string } }).data.secret;
    expect(rotated).not.toBe(endpoint.secret);

    await credit(server, admin, buyer.id);
    await vi.waitFor(() => expect(at(receiver, '/rotate')).toHaveLength(1), WAIT);
    const [request] = at(receiver, '/rotate') as [Received];
    expect(String(request.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(verified(rotated, request).type).toBe('balance.credited');
    expect(verified(endpoint.secret, request).type).toBe('balance.credited');
    // A secret of no endpoint does not verify.
    expect(() => verified(`whsec_${Buffer.alloc(32, 7).toString('base64')}`, request)).toThrow();
  });

  it('does not let a slow endpoint hold up another endpoint’s deliveries, nor hold more than 2 of its own at once', async () => {
    const buyer = await customer();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    receiver.on('/slow', () => ({ status: 200, hold: held }));
    await createEndpoint(server, buyer.key, receiver.url('/slow'));
    await createEndpoint(server, buyer.key, receiver.url('/fast'));

    for (let i = 0; i < 5; i++) await credit(server, admin, buyer.id);
    // The slow endpoint has two requests and has answered neither; the fast one gets all five events meanwhile.
    await vi.waitFor(() => expect(at(receiver, '/fast')).toHaveLength(5), WAIT);
    await vi.waitFor(() => expect(at(receiver, '/slow')).toHaveLength(2), WAIT);
    expect(at(receiver, '/slow')).toHaveLength(2);
    release();
    // Once it answers, the rest follow, each event with the webhook-id the fast endpoint got.
    await vi.waitFor(() => expect(at(receiver, '/slow')).toHaveLength(5), WAIT);
    const ids = (path: string) => new Set(at(receiver, path).map((r) => r.headers['webhook-id']));
    expect(ids('/slow')).toEqual(ids('/fast'));
    expect(ids('/fast').size).toBe(5);
  });
});

describe('webhook endpoint URLs', () => {
  it('refuses a loopback URL without ALLOW_PRIVATE_WEBHOOK_URLS: 400 naming url, nothing saved', async () => {
    const strict = await startOrdersServer();
    try {
      const strictAdmin = (await loginAdmin(strict)).token;
      const buyer = await newCustomer(strict, strictAdmin, 0);
      const key = (await apiKeysOf(strict, buyer.token)).apiKey;
      for (const url of [receiver.url('/private'), 'http://example.com/hook', 'https://169.254.169.254/latest']) {
        const res = await v1(strict, 'POST', '/webhook-endpoints', { key, json: { url, events: ['order.created'] } });
        expect(res.status, res.text).toBe(400);
        expect(errorOf(res).error.details[0]?.path).toBe('url');
      }
      const refused = await v1(strict, 'POST', '/webhook-endpoints', {
        key,
        json: { url: receiver.url('/private'), events: ['order.created'] },
      });
      expect(errorOf(refused).error.message).toBe(
        'Webhook URL points to a private or reserved address (allowed only when the server sets ALLOW_PRIVATE_WEBHOOK_URLS=true)',
      );
      const list = await v1(strict, 'GET', '/webhook-endpoints', { key });
      expect((list.body as { data: unknown[] }).data).toEqual([]);
    } finally {
      await strict.stop();
    }
  }, 60_000);
});
