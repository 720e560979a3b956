import type { CreateOrderResponse, VoidOrderResponse } from '@labeldesk/contracts';
import { Webhook } from 'standardwebhooks';
import { describe, expect, inject, it } from 'vitest';
import type { JobMessage } from '../../src/ports/job-queue';
import type { ReceivedWebhook } from './node/webhook-receiver';
import { d1Money, workerShop } from './support/shop';

/**
 * Webhooks on Workers: a customer's void fires `order.refunded`; its delivery goes through the Queue to the deployed
 * consumer, which signs it and POSTs it with workerd's fetch to a loopback receiver. The receiver fails the first
 * attempt, so the consumer queues the next attempt of the schedule as a message of its own: delivered, it succeeds
 * with the same webhook-id. A message the Queue delivers twice calls the endpoint once. Both deliveries verify with
 * the `standardwebhooks` library.
 */
const carrier = inject('carrier');
const receiver = inject('webhookReceiver');

const received = async (path: string): Promise<ReceivedWebhook[]> =>
  (await (await fetch(`${receiver.url}/_received?path=${encodeURIComponent(path)}`)).json()) as ReceivedWebhook[];

const party = (name: string) => ({
  name,
  street1: '1 Main St',
  city: 'New York',
  state: 'NY',
  zip: '10001',
  phone: '2125550100',
});

describe('webhook delivery through the Queue (workerd)', () => {
  it('order.refunded from a void: the first attempt fails, the retry message succeeds with the same webhook-id', async () => {
    const shop = workerShop(carrier, 'hooks', { ALLOW_PRIVATE_WEBHOOK_URLS: 'true', WEBHOOK_RETRY_SCHEDULE: '0,1' });
    const { api, buyer } = await shop.open(30);
    const keys = await shop.fetchWorker('/api/user/api-key', { token: buyer.token });
    expect(keys.status).toBe(200);
    const { apiKey } = (await keys.json()) as { apiKey: string };
    const created = await shop.fetchWorker('/api/v1/webhook-endpoints', {
      headers: { 'x-api-key': `Bearer ${apiKey}` },
      json: { url: `${receiver.url}/refunds`, events: ['order.refunded'] },
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const { secret } = ((await created.json()) as { data: { secret: string } }).data;

    const bought = await shop.fetchWorker('/api/orders', {
      token: buyer.token,
      json: {
        apiId: api._id,
        carrier: 'UPS',
        serviceType: 'UPS Ground',
        sender: party('A'),
        recipient: party('B'),
        packageDetails: { weight: 3, length: 10, width: 8, height: 4 },
      },
    });
    expect(bought.status).toBe(201);
    const { order } = (await bought.json()) as CreateOrderResponse;

    // The void refunds on D1 and queues one delivery job for the endpoint.
    await fetch(`${receiver.url}/_fail`, {
      method: 'POST',
      body: JSON.stringify({ path: '/refunds', status: 500, count: 1 }),
    });
    const voided = await shop.fetchWorker(`/api/orders/${order._id}/void`, { token: buyer.token, method: 'POST' });
    expect(voided.status, await voided.clone().text()).toBe(200);
    expect(((await voided.json()) as VoidOrderResponse).newBalance).toBe(30);
    expect(await d1Money(buyer.user._id)).toMatchObject({ balance: 3000 });
    const deliveries = () =>
      shop.sent.filter((m): m is Extract<JobMessage, { type: 'webhooks.deliver' }> => m.type === 'webhooks.deliver');
    expect(deliveries()).toHaveLength(1);
    const first = deliveries()[0] as Extract<JobMessage, { type: 'webhooks.deliver' }>;

    // Attempt 1: the receiver answers 500. The message is acked; the next attempt is a message of its own.
    const one = await shop.deliver([{ id: 'q-1', body: first }]);
    expect([...one.explicitAcks]).toEqual(['q-1']);
    expect(await received('/refunds')).toHaveLength(1);
    expect(deliveries()).toHaveLength(2);
    const retry = deliveries()[1] as Extract<JobMessage, { type: 'webhooks.deliver' }>;
    expect(retry).toMatchObject({ messageId: first.messageId, endpointId: first.endpointId, attempt: 2 });

    // The Queue delivers attempt 1 again (at least once): it was recorded under its job id, so the endpoint is not
    // called; the consumer only makes sure attempt 2 is queued (the same job id again).
    await shop.deliver([{ id: 'q-1', body: first, attempts: 2 }]);
    expect(await received('/refunds')).toHaveLength(1);
    expect(deliveries()).toHaveLength(3);
    expect(deliveries()[2]).toEqual(retry);

    // Attempt 2, in both copies: 200 once. Same webhook-id, both signed so that the reference library verifies them.
    const two = await shop.deliver([{ id: 'q-2', body: retry }]);
    expect([...two.explicitAcks]).toEqual(['q-2']);
    await shop.deliver([{ id: 'q-3', body: deliveries()[2] as JobMessage }]);
    const calls = await received('/refunds');
    expect(calls.map((c) => c.status)).toEqual([500, 200]);
    expect(new Set(calls.map((c) => c.headers['webhook-id']))).toEqual(new Set([first.messageId]));
    for (const call of calls) {
      const event = new Webhook(secret).verify(call.body, {
        'webhook-id': String(call.headers['webhook-id']),
        'webhook-timestamp': String(call.headers['webhook-timestamp']),
        'webhook-signature': String(call.headers['webhook-signature']),
      }) as { type: string; data: { order: { _id: string; voidStatus: string } } };
      expect(event).toMatchObject({
        type: 'order.refunded',
        data: { order: { _id: order._id, voidStatus: 'refunded' } },
      });
    }
    expect(deliveries()).toHaveLength(3);
  });
});
