import type { AddressInfo } from 'node:net';
import { createAdaptorServer } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BtcpaySandbox, createBtcpaySandboxApp } from '../src/index';
import { greenfield, type InvoiceJson, json, postForm, startSandbox } from './helpers';

function buttonIds(html: string): string[] {
  return [...html.matchAll(/<button[^>]*\bid="([^"]+)"/g)].map((m) => m[1] ?? '');
}

function text(html: string, id: string): string {
  const match = new RegExp(`id="${id}"[^>]*>([^<]*)<`).exec(html);
  return match?.[1] ?? '';
}

describe('checkout page', () => {
  let sandbox: BtcpaySandbox;

  beforeAll(async () => {
    sandbox = await startSandbox();
  });
  afterAll(() => sandbox.close());

  async function create(redirectURL = 'https://labeldesk.test/balance?invoice={InvoiceId}&order={OrderId}') {
    const res = await greenfield(sandbox).createInvoice({
      amount: '25.00',
      currency: 'USD',
      metadata: { orderId: 'txn <1>' },
      checkout: { redirectURL },
    });
    return json<InvoiceJson>(res);
  }
  async function page(invoice: InvoiceJson) {
    const res = await fetch(invoice.checkoutLink);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    return res.text();
  }

  it('sends a Content-Security-Policy on every checkout page: no script, never framed, no base URL', async () => {
    const invoice = await create();
    const pages = [await fetch(invoice.checkoutLink), await fetch(`${invoice.checkoutLink}-missing`)];
    expect(pages.map((r) => r.status)).toEqual([200, 404]);
    for (const res of pages) {
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'none'");
      expect(csp).not.toContain('script-src');
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("base-uri 'none'");
      expect(csp).toContain("form-action 'self'");
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    }
  });

  it('shows the amount due in USD and BTC, the New actions and the way back to the merchant', async () => {
    const invoice = await create();
    const html = await page(invoice);
    expect(text(html, 'invoice-status')).toBe('Waiting for payment');
    expect(html).toContain('data-status="New"');
    expect(text(html, 'amount-usd')).toBe('$25.00 USD');
    expect(text(html, 'amount-btc')).toBe('0.00038462 BTC');
    expect(text(html, 'due-usd')).toBe('$25.00 USD');
    expect(text(html, 'rate')).toBe('1 BTC = 65000.00 USD');
    expect(buttonIds(html)).toEqual(['pay-full', 'pay-part', 'overpay', 'expire', 'mark-invalid']);
    expect(html).toContain('id="pay-part-amount" name="amount"');
    expect(html).toContain('>Pay in full</button>');
    expect(html).toContain('>Let it expire</button>');
    // Placeholders filled, URL-encoded, and the attribute escaped.
    expect(html).toContain(
      `id="return-to-merchant" href="https://labeldesk.test/balance?invoice=${invoice.id}&amp;order=txn%20%3C1%3E"`,
    );
    expect(html).not.toMatch(/<script/i);
  });

  it('escapes what it renders', async () => {
    const invoice = await create('https://shop.test/back?a=1&b="x"<y>');
    const html = await page(invoice);
    expect(html).toContain('href="https://shop.test/back?a=1&amp;b=&quot;x&quot;&lt;y&gt;"');
    expect(html).not.toContain('"x"<y>');
  });

  it('"Pay part" posts a USD amount, redirects back and re-renders the partial state', async () => {
    const invoice = await create();
    const res = await postForm(`${invoice.checkoutLink}/pay-part`, { amount: '10' });
    expect(res.status).toBe(303);
    expect(new URL(res.headers.get('location') ?? '', invoice.checkoutLink).href).toBe(invoice.checkoutLink);

    const html = await page(invoice);
    expect(html).toContain('data-status="New" data-additional-status="PaidPartial"');
    expect(text(html, 'paid-usd')).toBe('$10.00 (0.00015385 BTC)');
    // The rest plus the network fee the second payment carries (1000 sats, $0.65 at 65000).
    expect(text(html, 'due-usd')).toBe('$15.65 USD');
    expect(text(html, 'due-btc')).toBe('0.00024077 BTC');
    expect(text(html, 'network-fee')).toBe('0.00001000 BTC (included in Due)');
    expect((await json<InvoiceJson>(await greenfield(sandbox).getInvoice(invoice.id))).additionalStatus).toBe(
      'PaidPartial',
    );
  });

  it('refuses a bad amount with 422 and an error, changing nothing', async () => {
    const invoice = await create();
    for (const amount of ['', 'abc', '-3', '1.234']) {
      const res = await postForm(`${invoice.checkoutLink}/pay-part`, { amount });
      expect(res.status, amount).toBe(422);
      const html = await res.text();
      expect(html).toContain('id="checkout-error"');
      expect(html).toContain('data-status="New" data-additional-status="None"');
    }
    expect(sandbox.paymentMethods(invoice.id)?.[0]?.payments).toEqual([]);
  });

  it('"Pay in full" settles the invoice (no confirmation delay here) and leaves only the return link', async () => {
    const invoice = await create();
    const res = await fetch(`${invoice.checkoutLink}/pay-full`, { method: 'POST' });
    expect(res.status).toBe(200);
    expect(res.url).toBe(invoice.checkoutLink);
    const html = await res.text();
    expect(text(html, 'invoice-status')).toBe('Paid');
    expect(buttonIds(html)).toEqual([]);
    expect(html).toContain('id="return-to-merchant"');
    expect((await json<InvoiceJson>(await greenfield(sandbox).getInvoice(invoice.id))).status).toBe('Settled');
  });

  it('with checkout.redirectAutomatically, a paid page sends the customer back to the merchant', async () => {
    const res = await greenfield(sandbox).createInvoice({
      amount: '25.00',
      checkout: { redirectURL: 'https://labeldesk.test/balance', redirectAutomatically: true },
    });
    const invoice = await json<InvoiceJson>(res);
    expect(await page(invoice)).not.toContain('http-equiv="refresh"');
    await postForm(`${invoice.checkoutLink}/pay-full`);
    const html = await page(invoice);
    expect(html).toContain('<meta http-equiv="refresh" content="2;url=https://labeldesk.test/balance">');
    expect(html).toContain('id="auto-redirect"');
  });

  it('"Overpay" pays 10 % more: PaidOver', async () => {
    const invoice = await create();
    await postForm(`${invoice.checkoutLink}/overpay`);
    const html = await page(invoice);
    expect(html).toContain('data-status="Settled" data-additional-status="PaidOver"');
    expect(text(html, 'paid-usd')).toBe('$27.50 (0.00042309 BTC)');
  });

  it('"Let it expire" then "Pay late": Expired, then PaidLate; paying in full is refused after expiry', async () => {
    const invoice = await create();
    expect((await postForm(`${invoice.checkoutLink}/expire`)).status).toBe(303);
    let html = await page(invoice);
    expect(html).toContain('data-status="Expired" data-additional-status="None"');
    expect(buttonIds(html)).toEqual(['pay-late', 'mark-invalid']);

    const refused = await postForm(`${invoice.checkoutLink}/pay-full`);
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain('id="checkout-error"');

    expect((await postForm(`${invoice.checkoutLink}/pay-late`)).status).toBe(303);
    html = await page(invoice);
    expect(html).toContain('data-status="Expired" data-additional-status="PaidLate"');
    expect(text(html, 'invoice-status')).toBe('Expired (paid late)');
    expect(buttonIds(html)).toEqual(['mark-invalid']);
  });

  it('"Mark invalid" invalidates the invoice', async () => {
    const invoice = await create();
    await postForm(`${invoice.checkoutLink}/mark-invalid`);
    const read = await json<InvoiceJson>(await greenfield(sandbox).getInvoice(invoice.id));
    expect(read).toMatchObject({ status: 'Invalid', additionalStatus: 'Marked' });
  });

  it('answers 404 for an unknown invoice or action', async () => {
    expect((await fetch(`${sandbox.url}/i/NoSuchInvoice`)).status).toBe(404);
    const invoice = await create();
    expect((await postForm(`${invoice.checkoutLink}/steal`)).status).toBe(404);
    expect((await postForm(`${sandbox.url}/i/NoSuchInvoice/pay-full`)).status).toBe(404);
  });
});

describe('checkout behind a mount path (embedded use)', () => {
  it('keeps the mount path in checkout links, form actions and redirects', async () => {
    const sandbox = createBtcpaySandboxApp({ storeId: 's1', apiKey: 'k1', settlementDelayMs: 0, sweepIntervalMs: 0 });
    const host = new Hono();
    host.route('/sandbox/btcpay', sandbox.app);
    const server = createAdaptorServer({ fetch: host.fetch });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sandbox/btcpay`;
    sandbox.publicBaseUrl = base;
    sandbox.start();
    try {
      const invoice = await json<InvoiceJson>(
        await greenfield({ url: base }, 'k1', 's1').createInvoice({ amount: '4.00' }),
      );
      expect(invoice.checkoutLink).toBe(`${base}/i/${invoice.id}`);
      const html = await (await fetch(invoice.checkoutLink)).text();
      expect(html).toContain(`action="/sandbox/btcpay/i/${invoice.id}/pay-full"`);
      const res = await postForm(`${invoice.checkoutLink}/pay-full`);
      expect(res.headers.get('location')).toBe(`/sandbox/btcpay/i/${invoice.id}`);
      expect(sandbox.invoice(invoice.id)?.status).toBe('Settled');
    } finally {
      await sandbox.stop();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
