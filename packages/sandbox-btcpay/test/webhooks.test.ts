import { afterEach, describe, expect, it } from 'vitest';
import type { BtcpaySandbox } from '../src/index';
import {
  expectedSignature,
  greenfield,
  type InvoiceJson,
  json,
  STORE_ID,
  startReceiver,
  startSandbox,
  WEBHOOK_SECRET,
} from './helpers';

describe('webhooks', () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function setup(respond?: (n: number) => number, retrySchedule = [50, 50]) {
    const receiver = await startReceiver(respond);
    const sandbox = await startSandbox({
      webhookUrl: receiver.url,
      webhookSecret: WEBHOOK_SECRET,
      webhookRetryScheduleMs: retrySchedule,
    });
    cleanups.push(
      () => receiver.close(),
      () => sandbox.close(),
    );
    return { receiver, sandbox };
  }

  async function createInvoice(sandbox: BtcpaySandbox, metadata: Record<string, unknown> = {}) {
    return json<InvoiceJson>(await greenfield(sandbox).createInvoice({ amount: '25.00', currency: 'USD', metadata }));
  }

  it('signs every delivery with BTCPay-Sig = sha256 HMAC of the raw body, verifiable with the secret', async () => {
    const { receiver, sandbox } = await setup();
    const invoice = await createInvoice(sandbox, { orderId: 'txn_1', note: 'ünïcödé ✓' });
    sandbox.payInFull(invoice.id);
    await sandbox.webhooksIdle();

    expect(receiver.requests.length).toBeGreaterThanOrEqual(4);
    for (const request of receiver.requests) {
      expect(request.headers['content-type']).toMatch(/^application\/json/);
      expect(request.headers['btcpay-sig']).toBe(expectedSignature(WEBHOOK_SECRET, request.body));
      expect(request.headers['btcpay-sig']).not.toBe(expectedSignature('wrong-secret', request.body));
    }
    const created = receiver.requests[0]?.json;
    expect(created).toEqual({
      deliveryId: expect.any(String),
      webhookId: expect.any(String),
      originalDeliveryId: created?.deliveryId,
      isRedelivery: false,
      type: 'InvoiceCreated',
      timestamp: expect.any(Number),
      storeId: STORE_ID,
      invoiceId: invoice.id,
      metadata: { orderId: 'txn_1', note: 'ünïcödé ✓' },
    });
    expect(Math.abs((created?.timestamp ?? 0) - Date.now() / 1000)).toBeLessThan(60);
    // Every event is its own delivery.
    const ids = receiver.requests.map((r) => r.json.deliveryId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('retries a failing receiver on the schedule as redeliveries and stops after the first success', async () => {
    // Fails twice (HTTP 500, then 503), then accepts.
    const { receiver, sandbox } = await setup((n) => (n === 1 ? 500 : n === 2 ? 503 : 200), [150, 300, 300]);
    const invoice = await createInvoice(sandbox);
    await receiver.waitFor(3, 5000);
    await sandbox.webhooksIdle();
    await new Promise((r) => setTimeout(r, 700));
    expect(receiver.requests).toHaveLength(3);

    const [first, second, third] = receiver.requests;
    if (!first || !second || !third) throw new Error('missing requests');
    expect(first.json).toMatchObject({ type: 'InvoiceCreated', invoiceId: invoice.id, isRedelivery: false });
    for (const retry of [second, third]) {
      expect(retry.json).toMatchObject({
        type: 'InvoiceCreated',
        isRedelivery: true,
        originalDeliveryId: first.json.deliveryId,
        timestamp: first.json.timestamp,
      });
      expect(retry.json.deliveryId).not.toBe(first.json.deliveryId);
      expect(retry.headers['btcpay-sig']).toBe(expectedSignature(WEBHOOK_SECRET, retry.body));
    }
    expect(second.json.deliveryId).not.toBe(third.json.deliveryId);
    // Waits follow the schedule (a few ms of timer slack).
    expect(second.receivedAt - first.receivedAt).toBeGreaterThanOrEqual(140);
    expect(third.receivedAt - second.receivedAt).toBeGreaterThanOrEqual(290);

    const log = sandbox.deliveries();
    expect(log.map((d) => [d.status, d.httpCode, d.isRedelivery])).toEqual([
      ['HttpError', 500, false],
      ['HttpError', 503, true],
      ['HttpSuccess', 200, true],
    ]);
    expect(log[0]?.errorMessage).toBe('HTTP Error Code 500');
    expect(log.map((d) => d.body)).toEqual(receiver.requests.map((r) => r.body));
  });

  it('gives up after the last scheduled retry', async () => {
    const { receiver, sandbox } = await setup(() => 500, [30, 30]);
    await createInvoice(sandbox);
    await sandbox.webhooksIdle();
    await new Promise((r) => setTimeout(r, 200));
    expect(receiver.requests).toHaveLength(3);
    expect(sandbox.deliveries().every((d) => d.status === 'HttpError')).toBe(true);
  });

  it('records a network failure as Failed and keeps later events in order behind the retries', async () => {
    const { receiver, sandbox } = await setup(undefined, [100]);
    const deadUrl = `${receiver.url.replace(/:\d+\//, ':1/')}`;
    sandbox.setWebhook(deadUrl, WEBHOOK_SECRET);
    const invoice = await createInvoice(sandbox);
    sandbox.setWebhook(receiver.url, WEBHOOK_SECRET);
    sandbox.payInFull(invoice.id);
    await sandbox.webhooksIdle();

    const log = sandbox.deliveries();
    expect(log[0]).toMatchObject({ type: 'InvoiceCreated', status: 'Failed', httpCode: null });
    expect(log[0]?.errorMessage).toBeTruthy();
    // The retry of InvoiceCreated reaches the (now fixed) URL before the later events, as BTCPay's per-webhook queue.
    expect(receiver.requests.map((r) => [r.json.type, r.json.isRedelivery])).toEqual([
      ['InvoiceCreated', true],
      ['InvoiceReceivedPayment', false],
      ['InvoiceProcessing', false],
      ['InvoicePaymentSettled', false],
      ['InvoiceSettled', false],
    ]);
  });

  it('redelivers a recorded delivery on demand (method and Greenfield endpoint) for replay tests', async () => {
    const { receiver, sandbox } = await setup();
    const invoice = await createInvoice(sandbox);
    sandbox.payInFull(invoice.id);
    await sandbox.webhooksIdle();
    const settled = receiver.requests.find((r) => r.json.type === 'InvoiceSettled');
    if (!settled) throw new Error('no InvoiceSettled');

    const newId = sandbox.redeliver(settled.json.deliveryId);
    await sandbox.webhooksIdle();
    const replay = receiver.requests.at(-1);
    expect(replay?.json).toEqual({
      ...settled.json,
      deliveryId: newId,
      originalDeliveryId: settled.json.deliveryId,
      isRedelivery: true,
    });
    expect(replay?.headers['btcpay-sig']).toBe(expectedSignature(WEBHOOK_SECRET, replay?.body ?? ''));

    // A redelivery of the redelivery still points at the first delivery.
    const res = await greenfield(sandbox).redeliver(settled.json.webhookId, String(newId));
    expect(res.status).toBe(200);
    const thirdId = await json<string>(res);
    await sandbox.webhooksIdle();
    expect(receiver.requests.at(-1)?.json).toMatchObject({
      deliveryId: thirdId,
      originalDeliveryId: settled.json.deliveryId,
      isRedelivery: true,
    });

    expect(sandbox.redeliver('unknown-delivery')).toBeNull();
    expect((await greenfield(sandbox).redeliver(settled.json.webhookId, 'unknown')).status).toBe(404);
  });

  it('exposes deliveries and their exact request bodies over the Greenfield webhook endpoints', async () => {
    const { receiver, sandbox } = await setup();
    await createInvoice(sandbox);
    await sandbox.webhooksIdle();
    const first = receiver.requests[0];
    if (!first) throw new Error('no delivery');

    const list = await json<Array<{ id: string; status: string; httpCode: number }>>(
      await greenfield(sandbox).deliveries(first.json.webhookId),
    );
    expect(list).toEqual([
      {
        id: first.json.deliveryId,
        timestamp: expect.any(Number),
        // BTCPay 2.4: when the request was sent.
        deliveryTime: expect.any(Number),
        httpCode: 200,
        errorMessage: null,
        status: 'HttpSuccess',
      },
    ]);
    const request = await greenfield(sandbox).deliveryRequest(first.json.webhookId, first.json.deliveryId);
    expect(await request.text()).toBe(first.body);
  });

  it('registers webhooks over Greenfield, generates a secret when none is given, and filters by event', async () => {
    const { receiver, sandbox } = await setup();
    const other = await startReceiver();
    cleanups.push(() => other.close());

    const res = await greenfield(sandbox).createWebhook({
      url: other.url,
      authorizedEvents: { everything: false, specificEvents: ['InvoiceSettled'] },
    });
    expect(res.status).toBe(200);
    const webhook = await json<{ id: string; secret: string; enabled: boolean; automaticRedelivery: boolean }>(res);
    expect(webhook).toMatchObject({ enabled: true, automaticRedelivery: true, url: other.url });
    expect(webhook.secret.length).toBeGreaterThan(10);

    const listed = await json<Array<Record<string, unknown>>>(await greenfield(sandbox).getWebhooks());
    expect(listed).toHaveLength(2);
    for (const entry of listed) expect(entry).not.toHaveProperty('secret');

    const invoice = await createInvoice(sandbox);
    sandbox.payInFull(invoice.id);
    await sandbox.webhooksIdle();
    expect(other.requests.map((r) => r.json.type)).toEqual(['InvoiceSettled']);
    expect(other.requests[0]?.headers['btcpay-sig']).toBe(
      expectedSignature(webhook.secret, other.requests[0]?.body ?? ''),
    );
    expect(other.requests[0]?.json.webhookId).toBe(webhook.id);
    expect(receiver.requests.length).toBeGreaterThan(1);

    const invalid = await greenfield(sandbox).createWebhook({ url: 'ftp://nope' });
    expect(invalid.status).toBe(422);
    expect(await invalid.json()).toEqual([{ path: 'url', message: expect.any(String) }]);
  });

  it('setWebhook(null) stops deliveries', async () => {
    const { receiver, sandbox } = await setup();
    sandbox.setWebhook(null);
    await createInvoice(sandbox);
    await sandbox.webhooksIdle();
    expect(receiver.requests).toHaveLength(0);
    expect(sandbox.deliveries()).toHaveLength(0);
  });
});
