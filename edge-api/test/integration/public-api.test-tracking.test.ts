import { V1CreateLabelResponse, V1OrderResponse } from '@labeldesk/contracts';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { handleJob } from '../../src/jobs/handle-job';
import { newId } from '../../src/lib/ids';
import type { TestServer } from './helpers';
import { newCustomer, startShop, upsGround } from './orders-support';
import { apiKeysOf, v1 } from './public-api-support';
import { at, createEndpoint, type Received, type Receiver, startReceiver } from './webhooks-support';

/**
 * Test mode's tracking (README "Test mode"), over HTTP on a real database file: a test-key label's parcel moves with
 * the carrier sandbox's own clock (moved through its control route, PUT /_sandbox/clock), the scheduled tracking
 * refresh reads it from the sandbox, GET /api/v1/orders/{id} with the test key shows each status, and each change
 * fires `tracking.updated` with `livemode: false` to the test key's endpoint only — verified with the reference
 * `standardwebhooks` library.
 */

const CONTROL_KEY = 'test-tracking-control-key-0123456';
const WAIT = { timeout: 30_000, interval: 50 };
const HOUR = 60 * 60_000;

let server: TestServer;
let admin: string;
let api1: Awaited<ReturnType<typeof startShop>>['api1'];
let receiver: Receiver;
// The server's clock, moved past the hour after which an order is due for a tracking check again.
const offset = { ms: 0 };

beforeAll(async () => {
  receiver = await startReceiver();
  ({ server, admin, api1 } = await startShop({
    allowPrivateWebhookUrls: 'true',
    webhookRetrySchedule: '0,1',
    carrierSandboxControlKey: CONTROL_KEY,
    carrierSandboxOptions: { exceptionRate: 0 },
    clock: { now: () => new Date(Date.now() + offset.ms) },
  }));
}, 60_000);

afterAll(async () => {
  await server?.stop();
  await receiver?.close();
});

/** Moves the carrier sandbox's clock ahead (its own; the server's is moved separately). */
async function advanceSandbox(ms: number): Promise<void> {
  const res = await fetch(`${server.url}/sandbox/carrier/_sandbox/clock`, {
    method: 'PUT',
    headers: { 'X-Sandbox-Key': CONTROL_KEY, 'Content-Type': 'application/json' },
    body: JSON.stringify({ advanceMs: ms }),
  });
  expect(res.status, await res.text()).toBe(200);
}

/** One run of the scheduled tracking refresh, an hour after the last (orders checked within the hour wait). */
async function scheduledRefresh(): Promise<void> {
  offset.ms += HOUR + 60_000;
  await handleJob(server.services, { type: 'tracking.refresh', jobId: newId('job'), limit: 100 });
}

type TrackingEvent = {
  type: string;
  livemode: boolean;
  data: { previousStatus: string; order: { _id: string; deliveryStatus: string } };
};

/**
 * A delivery verified by `standardwebhooks` as it arrives, at the server's time (its timestamps are the server's clock,
 * moved hours ahead here; the library refuses a timestamp more than 5 minutes from its own now).
 */
function verified(secret: string, request: Received): TrackingEvent {
  const serverNow = Date.now() + offset.ms;
  vi.useFakeTimers({ toFake: ['Date'], now: serverNow });
  try {
    return new Webhook(secret).verify(request.body, {
      'webhook-id': String(request.headers['webhook-id']),
      'webhook-timestamp': String(request.headers['webhook-timestamp']),
      'webhook-signature': String(request.headers['webhook-signature']),
    }) as TrackingEvent;
  } finally {
    vi.useRealTimers();
  }
}

describe('test mode: tracking follows the sandbox clock', () => {
  it('a test label goes pending → in transit → delivered as the sandbox clock moves; tracking.updated (livemode false) each time', async () => {
    const buyer = await newCustomer(server, admin, 0);
    const keys = await apiKeysOf(server, buyer.token);
    const hook = await createEndpoint(server, keys.testKey, receiver.url('/test'), ['tracking.updated']);
    await createEndpoint(server, keys.apiKey, receiver.url('/live'), ['tracking.updated']);

    const bought = await v1(server, 'POST', '/create-label', { key: keys.testKey, json: upsGround(api1) });
    expect(bought.status, bought.text).toBe(201);
    const orderId = V1CreateLabelResponse.parse(bought.body).data._id;
    const read = async () => {
      const res = await v1(server, 'GET', `/orders/${orderId}`, { key: keys.testKey, template: '/orders/:order_id' });
      expect(res.status, res.text).toBe(200);
      const parsed = V1OrderResponse.parse(res.body);
      expect(parsed.livemode).toBe(false);
      return parsed.data;
    };

    // The sandbox's clock has not moved: the parcel has not been picked up.
    await scheduledRefresh();
    expect(await read()).toMatchObject({ deliveryStatus: 'pending' });
    expect(at(receiver, '/test')).toEqual([]);

    // 22 hours later on the sandbox's clock the parcel has had its first scan (1.5–21.5 h after the label).
    await advanceSandbox(22 * HOUR);
    await scheduledRefresh();
    const moving = await read();
    expect(moving.deliveryStatus).toBe('in_transit');
    expect(moving.trackingEvents.length).toBeGreaterThan(0);
    await vi.waitFor(() => expect(at(receiver, '/test')).toHaveLength(1), WAIT);
    const events = [verified(hook.secret, at(receiver, '/test')[0] as Received)];

    // Eleven more days: UPS Ground (1–5 days) has delivered it.
    await advanceSandbox(11 * 24 * HOUR);
    await scheduledRefresh();
    expect(await read()).toMatchObject({ deliveryStatus: 'delivered' });
    await vi.waitFor(() => expect(at(receiver, '/test')).toHaveLength(2), WAIT);
    events.push(verified(hook.secret, at(receiver, '/test')[1] as Received));

    expect(events).toMatchObject([
      {
        type: 'tracking.updated',
        livemode: false,
        data: { previousStatus: 'pending', order: { _id: orderId, deliveryStatus: 'in_transit' } },
      },
      {
        type: 'tracking.updated',
        livemode: false,
        data: { previousStatus: 'in_transit', order: { _id: orderId, deliveryStatus: 'delivered' } },
      },
    ]);
    // A test order's events never reach the live key's endpoint.
    expect(at(receiver, '/live')).toEqual([]);
  }, 120_000);
});
