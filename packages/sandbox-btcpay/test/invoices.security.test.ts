import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BtcpaySandbox } from '../src/index';
import { API_KEY, greenfield, json, STORE_ID, startSandbox } from './helpers';

describe('Greenfield auth and store scoping', () => {
  let sandbox: BtcpaySandbox;
  let invoiceId: string;

  beforeAll(async () => {
    sandbox = await startSandbox();
    const created = await greenfield(sandbox).createInvoice({ amount: '5.00', currency: 'USD' });
    invoiceId = (await json<{ id: string }>(created)).id;
  });
  afterAll(() => sandbox.close());

  const unauthenticated = { code: 'unauthenticated', message: expect.any(String) };

  it('refuses a request without Authorization with 401 and a Greenfield error body', async () => {
    const res = await fetch(`${sandbox.url}/api/v1/stores/${STORE_ID}/invoices/${invoiceId}`);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual(unauthenticated);
  });

  it('refuses a wrong API key, and the right key under another scheme', async () => {
    const wrong = await greenfield(sandbox, 'not-the-key').getInvoice(invoiceId);
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual(unauthenticated);

    const asAuth = async (header: string) =>
      (
        await fetch(`${sandbox.url}/api/v1/stores/${STORE_ID}/invoices/${invoiceId}`, {
          headers: { Authorization: header },
        })
      ).status;
    expect(await asAuth(`Basic ${API_KEY}`)).toBe(401);
    expect(await asAuth(`Bearer not-the-key`)).toBe(401);
    expect(await asAuth(`Bearer${API_KEY}`)).toBe(401);
  });

  it('accepts the key as `token` or `bearer`, the scheme in any case (BTCPay 2.x)', async () => {
    for (const scheme of ['token', 'Token', 'TOKEN', 'bearer', 'Bearer', 'BEARER']) {
      const res = await fetch(`${sandbox.url}/api/v1/stores/${STORE_ID}/invoices/${invoiceId}`, {
        headers: { Authorization: `${scheme} ${API_KEY}` },
      });
      expect(res.status, scheme).toBe(200);
      expect((await json<{ id: string }>(res)).id).toBe(invoiceId);
    }
  });

  it('does not create an invoice for an unauthenticated caller', async () => {
    const res = await greenfield(sandbox, 'nope').createInvoice({ amount: '9.99' });
    expect(res.status).toBe(401);
    const list = await json<unknown[]>(await greenfield(sandbox).listInvoices());
    expect(list).toHaveLength(1);
  });

  it('answers 404 store-not-found for another store, even for an existing invoice id', async () => {
    const res = await greenfield(sandbox, API_KEY, 'other-store').getInvoice(invoiceId);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ code: 'store-not-found', message: expect.any(String) });

    const create = await greenfield(sandbox, API_KEY, 'other-store').createInvoice({ amount: '1.00' });
    expect(create.status).toBe(404);
  });

  it('answers 404 invoice-not-found for an unknown invoice and its payment methods', async () => {
    const res = await greenfield(sandbox).getInvoice('NoSuchInvoice123');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ code: 'invoice-not-found', message: expect.any(String) });
    expect((await greenfield(sandbox).paymentMethods('NoSuchInvoice123')).status).toBe(404);
  });

  it('serves health without auth', async () => {
    const res = await fetch(`${sandbox.url}/api/v1/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ synchronized: true });
  });
});
