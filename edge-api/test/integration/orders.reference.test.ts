import { OrderListResponse, type ShippingApiConfig } from '@labeldesk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, errorOf, type TestServer } from './helpers';
import { buyLabel, fetchLabel, moneyOf, newCustomer, postOrder, startShop, upsGround } from './orders-support';
import { pdfText } from './poppler-support';

/** An order's reference text (issue 24): stored, printed on the label in every format, listed and searchable. */
describe('order reference', () => {
  let server: TestServer;
  let admin: string;
  let api1: ShippingApiConfig;
  let alice: { token: string; id: string };

  beforeAll(async () => {
    ({ server, admin, api1 } = await startShop());
    alice = await newCustomer(server, admin, 50, 'Alice Reference');
  });
  afterAll(() => server.stop());

  it('is stored, printed on the PDF and the ZPL, shown in My Orders and found by search', async () => {
    const bought = await buyLabel(server, alice.token, { ...upsGround(api1), reference: '  PO-4471 shelf B  ' });
    const id = bought._id;
    expect(bought.order.reference).toBe('PO-4471 shelf B');

    const text = pdfText((await fetchLabel(server, `/api/labels/${id}/download?format=pdf`, alice.token)).bytes);
    expect(text).toContain(`REF: PO-4471 shelf B / ${id}`);
    const zpl = new TextDecoder().decode(
      (await fetchLabel(server, `/api/labels/${id}/download?format=zpl`, alice.token)).bytes,
    );
    expect(zpl).toContain(`^FDREF: PO-4471 shelf B / ${id}^FS`);

    const other = await buyLabel(server, alice.token, upsGround(api1));
    expect(other.order.reference).toBeNull();

    const found = OrderListResponse.parse(
      (await call(server, 'GET', '/api/orders?search=shelf%20b', { token: alice.token })).body,
    );
    expect(found.orders.map((o) => o._id)).toEqual([id]);
    expect(found.orders[0]?.reference).toBe('PO-4471 shelf B');
  });

  it('over 35 characters is a 400 naming the field, and nothing is charged', async () => {
    const before = await moneyOf(server, alice.id);
    const res = await postOrder(server, alice.token, { ...upsGround(api1), reference: 'x'.repeat(36) });
    expect(res.status).toBe(400);
    const err = errorOf(res);
    expect(err.error.details).toContainEqual({ path: 'reference', message: 'Reference must be at most 35 characters' });
    expect(await moneyOf(server, alice.id)).toEqual(before);
  });
});
