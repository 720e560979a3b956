import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { signBody } from '@labeldesk/sandbox-btcpay';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, webhookDeliveries } from '../../src/db/schema';
import { call, errorOf, register, type TestServer } from './helpers';
import { expectConsistent, postWebhook, startMoneyServer } from './money-support';

/** Top-ups while the payment processor does not answer (split from crypto.webhook.test.ts). */
describe('payment processor unreachable', () => {
  let server: TestServer;
  let hanging: Server;
  let token: string;
  let userId: string;
  const secret = 'unreachable-webhook-secret-0123456789';

  beforeAll(async () => {
    // A port where nothing listens: grab a free one and close it again.
    hanging = createServer();
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    const { port } = hanging.address() as AddressInfo;
    await new Promise<void>((resolve) => hanging.close(() => resolve()));
    server = await startMoneyServer({
      btcpayUrl: `http://127.0.0.1:${port}`,
      btcpayStoreId: 'store-x',
      btcpayApiKey: 'api-key-x',
      btcpayWebhookSecret: secret,
    });
    const session = await register(server, { name: 'Una', email: 'una@example.com', password: 'pw-12345' });
    token = session.token;
    userId = session.user._id;
  });
  afterAll(() => server.stop());

  it('create-invoice answers 503 with a clear message and writes nothing', async () => {
    expect(server.btcpay).toBeUndefined();
    const res = await call(server, 'POST', '/api/crypto/create-invoice', { token, json: { amount: 10 } });
    expect(res.status).toBe(503);
    expect(errorOf(res).error).toEqual({
      code: 'upstream_unavailable',
      message: 'Payment processor is unavailable. Please try again later.',
      details: [],
    });
    expect(await server.services.db.select().from(ledgerEntries)).toEqual([]);
  });

  it('a webhook that needs the processor answers 503 (so it is redelivered) and records nothing', async () => {
    const now = new Date().toISOString();
    await server.services.db.insert(ledgerEntries).values({
      id: 'txn_01jzzzzzzzzzzzzzzzzzzzzzzz',
      userId,
      type: 'credit',
      status: 'pending',
      method: 'crypto',
      amountCents: 500,
      requestedCents: 500,
      description: 'Crypto top-up',
      reference: 'InvUnreachable',
      paymentUrl: 'http://127.0.0.1/i/InvUnreachable',
      createdAt: now,
      updatedAt: now,
    });
    const body = JSON.stringify({ deliveryId: 'dlv-down', type: 'InvoiceSettled', invoiceId: 'InvUnreachable' });
    const res = await postWebhook(server, body, signBody(secret, body));
    expect(res.status).toBe(503);
    expect(errorOf(res).error.code).toBe('upstream_unavailable');
    expect(await server.services.db.select().from(webhookDeliveries)).toEqual([]);

    const refresh = await call(server, 'POST', '/api/crypto/refresh/txn_01jzzzzzzzzzzzzzzzzzzzzzzz', { token });
    expect(refresh.status).toBe(503);
    expect(await expectConsistent(server, userId)).toBe(0);
    const [row] = await server.services.db.select().from(ledgerEntries);
    expect(row?.status).toBe('pending');

    // Events that need no action are still answered 200 at once, processor or not.
    const created = JSON.stringify({ deliveryId: 'dlv-created', type: 'InvoiceCreated', invoiceId: 'InvUnreachable' });
    expect((await postWebhook(server, created, signBody(secret, created))).status).toBe(200);
  });
});
