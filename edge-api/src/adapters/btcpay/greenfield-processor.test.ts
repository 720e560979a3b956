import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type BtcpaySandbox, createBtcpaySandbox, signBody } from '@labeldesk/sandbox-btcpay';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentProcessorError, WebhookSignatureError } from '../../ports/payment-processor';
import { greenfieldProcessor, signBtcpayBody, verifyBtcpaySignature } from './greenfield-processor';

const STORE = 'store-unit';
const KEY = 'unit-api-key-0123456789';
const SECRET = 'unit-webhook-secret-0123456789';

/** A local HTTP server answering every request with `handler`, recording what it was asked. */
async function fakeUpstream(handler: (req: IncomingMessage, res: import('node:http').ServerResponse) => void) {
  const seen: { method: string; url: string; auth: string | undefined }[] = [];
  const server: Server = createServer((req, res) => {
    seen.push({ method: req.method ?? '', url: req.url ?? '', auth: req.headers.authorization });
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

describe('greenfieldProcessor against the BTCPay sandbox', () => {
  let sandbox: BtcpaySandbox;
  beforeAll(async () => {
    sandbox = await createBtcpaySandbox({ storeId: STORE, apiKey: KEY, settlementDelayMs: 0, btcUsdRate: '65000.00' });
  });
  afterAll(() => sandbox.close());

  const processor = () =>
    greenfieldProcessor({ baseUrl: sandbox.url, storeId: STORE, apiKey: KEY, webhookSecret: SECRET });

  it('creates a USD invoice with our ids in its metadata and reads it back', async () => {
    const created = await processor().createInvoice({
      amountCents: 2500,
      transactionId: 'txn_01h00000000000000000000001',
      userId: 'usr_01h00000000000000000000001',
      redirectUrl: 'https://shop.example/balance',
    });
    expect(created).toMatchObject({
      storeId: STORE,
      status: 'New',
      additionalStatus: 'None',
      amountCents: 2500,
      currency: 'USD',
      checkoutLink: `${sandbox.url}/i/${created.id}`,
      metadata: { transactionId: 'txn_01h00000000000000000000001', userId: 'usr_01h00000000000000000000001' },
    });
    expect(sandbox.invoice(created.id)?.checkout).toMatchObject({ redirectURL: 'https://shop.example/balance' });
    expect(await processor().getInvoice(created.id)).toEqual(created);
    expect(await processor().getReceived(created.id)).toEqual({ cents: 0, awaitingConfirmation: false });
  });

  it('values what was received as Σ paid × rate, rounded half away from zero to the cent', async () => {
    const p = processor();
    const partial = await p.createInvoice({
      amountCents: 2500,
      transactionId: 't',
      userId: 'u',
      redirectUrl: 'http://x.test/',
    });
    sandbox.payPart(partial.id, '10.00');
    // 0.00015385 BTC × 65000 = 10.00025 → $10.00
    expect(sandbox.paymentMethods(partial.id)?.[0]?.paymentMethodPaid).toBe('0.00015385');
    expect(await p.getReceived(partial.id)).toEqual({ cents: 1000, awaitingConfirmation: false });

    const over = await p.createInvoice({
      amountCents: 2500,
      transactionId: 't',
      userId: 'u',
      redirectUrl: 'http://x.test/',
    });
    sandbox.overpay(over.id);
    expect(await p.getReceived(over.id)).toEqual({ cents: 2750, awaitingConfirmation: false });
    expect(await p.getInvoice(over.id)).toMatchObject({ status: 'Settled', additionalStatus: 'PaidOver' });
  });

  it('credits what the store received: a part-paid-then-completed invoice nets out the network fee', async () => {
    // The sandbox charges a network fee as BTCPay does by default (MultiplePaymentsOnly): 10 sat/vB × 100 vB on every
    // payment after the first. At a rate with cents in it the gross and the net differ in USD.
    const fees = await createBtcpaySandbox({
      storeId: STORE,
      apiKey: KEY,
      settlementDelayMs: 0,
      btcUsdRate: '64321.57',
    });
    try {
      const p = greenfieldProcessor({ baseUrl: fees.url, storeId: STORE, apiKey: KEY, webhookSecret: SECRET });
      const inv = await p.createInvoice({
        amountCents: 4321,
        transactionId: 't',
        userId: 'u',
        redirectUrl: 'http://x.test/',
      });
      fees.payPart(inv.id, '12.34');
      fees.payInFull(inv.id);
      expect((await p.getInvoice(inv.id))?.status).toBe('Settled');
      const [method] = fees.paymentMethods(inv.id) ?? [];
      // 43.21 / 64321.57 → 0.00067179 BTC due (rounded up); 12.34 → 0.00019185; the rest 0.00047994 + 0.00001000 fee.
      expect(method).toMatchObject({ paymentMethodPaid: '0.00068179', paymentMethodFee: '0.00001000' });
      expect(method?.payments.map((x) => x.fee)).toEqual(['0.00000000', '0.00001000']);
      // Net: 0.00067179 × 64321.57 = 43.21058… → $43.21. Gross would be 0.00068179 × 64321.57 = 43.85380… → $43.85.
      expect(await p.getReceived(inv.id)).toEqual({ cents: 4321, awaitingConfirmation: false });
    } finally {
      await fees.close();
    }
  });

  it('reports payments still waiting for confirmation', async () => {
    const slow = await createBtcpaySandbox({ storeId: STORE, apiKey: KEY, settlementDelayMs: 60_000 });
    try {
      const p = greenfieldProcessor({ baseUrl: slow.url, storeId: STORE, apiKey: KEY, webhookSecret: SECRET });
      const inv = await p.createInvoice({
        amountCents: 500,
        transactionId: 't',
        userId: 'u',
        redirectUrl: 'http://x.test/',
      });
      slow.payInFull(inv.id);
      expect(await p.getReceived(inv.id)).toEqual({ cents: 500, awaitingConfirmation: true });
      expect((await p.getInvoice(inv.id))?.status).toBe('Processing');
    } finally {
      await slow.close();
    }
  });

  it('answers null for an unknown invoice and "rejected" for a wrong key or store', async () => {
    expect(await processor().getInvoice('NoSuchInvoice')).toBeNull();
    const wrongKey = greenfieldProcessor({
      baseUrl: sandbox.url,
      storeId: STORE,
      apiKey: 'wrong',
      webhookSecret: SECRET,
    });
    await expect(wrongKey.getInvoice('x')).rejects.toMatchObject({ name: 'PaymentProcessorError', kind: 'rejected' });
    const wrongStore = greenfieldProcessor({
      baseUrl: sandbox.url,
      storeId: 'other',
      apiKey: KEY,
      webhookSecret: SECRET,
    });
    await expect(
      wrongStore.createInvoice({ amountCents: 100, transactionId: 't', userId: 'u', redirectUrl: 'http://x.test/' }),
    ).rejects.toMatchObject({ kind: 'rejected' });
  });
});

describe('greenfieldProcessor when the processor misbehaves', () => {
  it('calls a closed port, a 5xx and a 429 "unavailable"', async () => {
    const closed = await fakeUpstream((_req, res) => res.end());
    const url = closed.url;
    await closed.close();
    await expect(
      greenfieldProcessor({ baseUrl: url, storeId: 's', apiKey: 'k', webhookSecret: SECRET }).getInvoice('i'),
    ).rejects.toMatchObject({ kind: 'unavailable' });

    for (const status of [500, 502, 503, 429]) {
      const upstream = await fakeUpstream((_req, res) => {
        res.statusCode = status;
        res.end('{}');
      });
      try {
        const p = greenfieldProcessor({ baseUrl: upstream.url, storeId: 's', apiKey: 'k', webhookSecret: SECRET });
        await expect(p.getInvoice('i'), String(status)).rejects.toMatchObject({ kind: 'unavailable' });
      } finally {
        await upstream.close();
      }
    }
  });

  it('gives up after its timeout instead of hanging', async () => {
    const hanging = await fakeUpstream(() => {});
    try {
      const p = greenfieldProcessor({
        baseUrl: hanging.url,
        storeId: 's',
        apiKey: 'k',
        webhookSecret: SECRET,
        timeoutMs: 150,
      });
      const started = Date.now();
      const err = await p.getInvoice('i').catch((e: unknown) => e);
      expect(err).toBeInstanceOf(PaymentProcessorError);
      expect((err as PaymentProcessorError).kind).toBe('unavailable');
      expect((err as PaymentProcessorError).message).toMatch(/timed out after 150 ms/);
      // The upstream never answers: anything short of the test's own timeout is the 150 ms timeout at work.
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      await hanging.close();
    }
  });

  it('reads BTCPay 2.x payment methods: net of the fee of each counted payment, never of the fee still to come', async () => {
    // As BTCPay Server 2.4.1 answers GET …/payment-methods for an invoice paid in two payments (the second carried a
    // 1000-sat fee) and, below, one still underpaid (its paymentMethodFee also counts the next payment's fee).
    const methods: Record<string, unknown[]> = {
      paid: [
        {
          activated: true,
          paymentMethodId: 'BTC-CHAIN',
          currency: 'BTC',
          rate: '65000.00',
          paymentMethodPaid: '0.00031770',
          totalPaid: '0.00031770',
          due: '0.00000000',
          amount: '0.00031770',
          paymentMethodFee: '0.00001000',
          payments: [
            { id: 'a', receivedDate: 1, value: '0.00011539', fee: '0.00000000', status: 'Settled', destination: 'bc' },
            { id: 'b', receivedDate: 2, value: '0.00020231', fee: '0.00001000', status: 'Settled', destination: 'bc' },
          ],
          additionalData: {},
        },
      ],
      underpaid: [
        {
          paymentMethodId: 'BTC-CHAIN',
          currency: 'BTC',
          rate: '65000.00',
          paymentMethodPaid: '0.00030770',
          paymentMethodFee: '0.00002000',
          payments: [
            { id: 'a', value: '0.00011539', fee: '0.00000000', status: 'Settled' },
            { id: 'b', value: '0.00019231', fee: '0.00001000', status: 'Processing' },
          ],
        },
      ],
      garbled: [{ rate: '65000.00', paymentMethodPaid: '0.00000100', payments: [{ fee: '0.00001000' }] }],
    };
    const upstream = await fakeUpstream((req, res) => {
      const id = /invoices\/([^/]+)\/payment-methods/.exec(req.url ?? '')?.[1] ?? '';
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify(methods[id] ?? []));
    });
    try {
      const p = greenfieldProcessor({ baseUrl: upstream.url, storeId: 's', apiKey: 'k', webhookSecret: SECRET });
      // 0.00030770 × 65000 = 20.0005 → $20.00 (gross: $20.65).
      expect(await p.getReceived('paid')).toEqual({ cents: 2000, awaitingConfirmation: false });
      // 0.00029770 × 65000 = 19.3505 → $19.35 (subtracting the method-level 0.00002000 would make it $18.70).
      expect(await p.getReceived('underpaid')).toEqual({ cents: 1935, awaitingConfirmation: true });
      await expect(p.getReceived('garbled')).rejects.toMatchObject({ kind: 'rejected' });
    } finally {
      await upstream.close();
    }
  });

  it('only ever requests its configured origin: ids are encoded, redirects are not followed, bodies are checked', async () => {
    const upstream = await fakeUpstream((req, res) => {
      if (req.url?.includes('redirect')) {
        res.statusCode = 302;
        res.setHeader('Location', 'http://169.254.169.254/latest/meta-data');
        res.end();
        return;
      }
      res.setHeader('Content-Type', 'application/json');
      res.end(
        JSON.stringify({ id: 'x', amount: 'lots', currency: 'USD', checkoutLink: 'http://c.test/', status: 'New' }),
      );
    });
    try {
      const p = greenfieldProcessor({
        baseUrl: `${upstream.url}/btcpay/`,
        storeId: 'my store',
        apiKey: 'k',
        webhookSecret: SECRET,
      });
      await expect(p.getInvoice('../../../admin?x=1#y')).rejects.toMatchObject({ kind: 'rejected' });
      await expect(p.getInvoice('redirect')).rejects.toMatchObject({ kind: 'rejected' });
      expect(upstream.seen.map((s) => s.url)).toEqual([
        '/btcpay/api/v1/stores/my%20store/invoices/..%2F..%2F..%2Fadmin%3Fx%3D1%23y',
        '/btcpay/api/v1/stores/my%20store/invoices/redirect',
      ]);
      expect(upstream.seen.every((s) => s.auth === 'token k')).toBe(true);
    } finally {
      await upstream.close();
    }
  });
});

describe('BTCPay webhook signatures', () => {
  const body = '{\n  "deliveryId": "d1",\n  "type": "InvoiceSettled",\n  "invoiceId": "inv1",\n  "storeId": "s"\n}';

  it('signs exactly like BTCPay (and the sandbox) and verifies only the right secret and bytes', async () => {
    expect(await signBtcpayBody(SECRET, body)).toBe(signBody(SECRET, body));
    const sig = signBody(SECRET, body);
    expect(await verifyBtcpaySignature(SECRET, body, sig)).toBe(true);
    expect(await verifyBtcpaySignature(SECRET, body, sig.toUpperCase().replace('SHA256=', 'sha256='))).toBe(true);
    for (const bad of [undefined, null, '', 'sha256=', sig.slice(0, -2), `${sig}00`, sig.replace('sha256', 'sha512')]) {
      expect(await verifyBtcpaySignature(SECRET, body, bad), String(bad)).toBe(false);
    }
    expect(await verifyBtcpaySignature(`${SECRET}x`, body, sig)).toBe(false);
    expect(await verifyBtcpaySignature(SECRET, `${body} `, sig)).toBe(false);
    expect(await verifyBtcpaySignature('', body, signBody('', body))).toBe(false);
  });

  it('verifyWebhook parses a signed body into the event and refuses anything else', async () => {
    const p = greenfieldProcessor({ baseUrl: 'http://127.0.0.1:1', storeId: 's', apiKey: 'k', webhookSecret: SECRET });
    const headers = (sig: string | null) => ({ get: (name: string) => (name === 'BTCPay-Sig' ? sig : null) });
    expect(await p.verifyWebhook(body, headers(signBody(SECRET, body)))).toEqual({
      deliveryId: 'd1',
      type: 'InvoiceSettled',
      storeId: 's',
      invoiceId: 'inv1',
    });
    await expect(p.verifyWebhook(body, headers(null))).rejects.toBeInstanceOf(WebhookSignatureError);
    await expect(p.verifyWebhook(body, headers(signBody('other', body)))).rejects.toBeInstanceOf(WebhookSignatureError);
    await expect(p.verifyWebhook('[]', headers(signBody(SECRET, '[]')))).rejects.toThrow();
  });
});
