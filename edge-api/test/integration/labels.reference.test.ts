import {
  BulkValidateResponse,
  type ShippingApiConfig,
  V1CreateBulkLabelsResponse,
  V1CreateLabelResponse,
  V1ServicesResponse,
} from '@labeldesk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyRows, csvRow, postValidate, upsGroundSelection, waitForBulk } from './bulk-engine-support';
import { bulkDetail } from './bulk-orders-support';
import type { TestServer } from './helpers';
import { fetchLabel, newCustomer, RECIPIENT, SENDER, startShop } from './orders-support';
import { pdfText } from './poppler-support';
import { apiKeysOf, v1 } from './public-api-support';

/**
 * The reference printed on a label (issue 24) from every place an order is made besides the Manual Order form's
 * POST /api/orders (orders.reference.test.ts): a bulk CSV's `reference` column, the public API's create-label and
 * create-bulk-labels. Each label is read back with pdftotext, an independent reader.
 */
describe('label reference from bulk CSV rows and the public API', () => {
  let server: TestServer;
  let admin: string;
  let api1: ShippingApiConfig;

  beforeAll(async () => {
    ({ server, admin, api1 } = await startShop());
  });
  afterAll(() => server.stop());

  /** A label's PDF text: a web path with a session token, or a v1 path (`/labels/…`) with an API key. */
  const labelText = async (path: string, auth: { token: string } | { key: string }) => {
    const res =
      'key' in auth ? await fetchLabel(server, `/api/v1${path}`, auth.key) : await fetchLabel(server, path, auth.token);
    expect(res.status).toBe(200);
    return pdfText(res.bytes);
  };

  it('a bulk CSV row with a reference is stored and printed on its label and the combined PDF; a row without has none', async () => {
    const alice = await newCustomer(server, admin, 100, 'Alice Bulk Ref');
    const rows = [csvRow({ reference: ' PO-BULK-7 dock 2 ' }), csvRow()];
    const { created } = await buyRows(server, alice.token, api1, rows);
    const final = await waitForBulk(server, created.bulkOrderId);
    expect(final.status).toBe('completed');

    const detail = await bulkDetail(server, alice.token, created.bulkOrderId);
    const [first, second] = detail.orders;
    if (!first || !second) throw new Error('two bulk rows');
    expect(first.reference).toBe('PO-BULK-7 dock 2');
    expect(second.reference).toBeNull();

    const text = await labelText(`/api/labels/${first._id}/download?format=pdf`, { token: alice.token });
    expect(text).toContain(`REF: PO-BULK-7 dock 2 / ${first._id}`);
    const plain = await labelText(`/api/labels/${second._id}/download?format=pdf`, { token: alice.token });
    // Without a reference the label's REF line is our order id alone.
    expect(plain).toContain(`REF: ${second._id}\n`);
    expect(plain).not.toContain('PO-BULK-7');
    const combined = await labelText(`/api/labels/bulk/${created.bulkOrderId}`, { token: alice.token });
    expect(combined).toContain(`REF: PO-BULK-7 dock 2 / ${first._id}`);
  });

  it('a reference cell over 35 characters makes the row invalid, naming the column', async () => {
    const bob = await newCustomer(server, admin, 10, 'Bob Bulk Ref');
    const res = await postValidate(server, bob.token, {
      ...upsGroundSelection(api1),
      orders: [csvRow({ reference: 'R'.repeat(36) }), csvRow({ reference: 'R'.repeat(35) })],
    });
    expect(res.status, res.text).toBe(200);
    const { results } = BulkValidateResponse.parse(res.body);
    expect(results.map((r) => [r.isValid, r.errors])).toEqual([
      [false, ['reference: Reference must be at most 35 characters']],
      [true, []],
    ]);
  });

  it('POST /api/v1/create-label and create-bulk-labels take a reference and print it', async () => {
    const carol = await newCustomer(server, admin, 100, 'Carol Api Ref');
    const { apiKey: key } = await apiKeysOf(server, carol.token);
    const services = V1ServicesResponse.parse((await v1(server, 'GET', '/services', { key })).body);
    const serviceId = services.data.services.UPS.find((s) => s.name === 'UPS Ground')?.id;
    if (!serviceId) throw new Error('UPS Ground not listed');
    const order = (reference?: string) => ({
      sender: SENDER,
      recipient: RECIPIENT,
      packageDetails: { weight: 3, dimensions: { length: 10, width: 8, height: 4 }, description: 'Books' },
      ...(reference === undefined ? {} : { reference }),
    });

    const single = await v1(server, 'POST', '/create-label', { key, json: { serviceId, ...order('API-REF 9') } });
    expect(single.status, single.text).toBe(201);
    const bought = V1CreateLabelResponse.parse(single.body).data;
    expect(bought.order.reference).toBe('API-REF 9');
    expect(await labelText(`/labels/${bought._id}`, { key })).toContain(`REF: API-REF 9 / ${bought._id}`);

    const tooLong = await v1(server, 'POST', '/create-label', { key, json: { serviceId, ...order('x'.repeat(36)) } });
    expect(tooLong.status).toBe(400);
    expect(tooLong.text).toContain('Reference must be at most 35 characters');

    const bulk = await v1(server, 'POST', '/create-bulk-labels', {
      key,
      json: { serviceId, orders: [order('API-BULK 1'), order()] },
    });
    expect(bulk.status, bulk.text).toBe(201);
    const bulkId = V1CreateBulkLabelsResponse.parse(bulk.body).data.bulkOrderId;
    expect((await waitForBulk(server, bulkId)).status).toBe('completed');
    const [row1, row2] = (await bulkDetail(server, carol.token, bulkId)).orders;
    if (!row1 || !row2) throw new Error('two bulk rows');
    expect([row1.reference, row2.reference]).toEqual(['API-BULK 1', null]);
    expect(await labelText(`/labels/${row1._id}`, { key })).toContain(`REF: API-BULK 1 / ${row1._id}`);
  });
});
