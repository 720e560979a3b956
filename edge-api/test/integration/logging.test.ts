import type { ShippingApiConfig } from '@labeldesk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyRows, csvRow, waitForBulk } from './bulk-engine-support';
import { errorOf, type TestServer } from './helpers';
import { CARRIER_REFUSED_RECIPIENT, newCustomer, ordersOf, postOrder, startShop, upsGround } from './orders-support';
import { carrierOf } from './providers-support';

/**
 * The services' structured log over the real server: JSON lines that name the request or the job they come from, and
 * never a password, a session token or a key (issue 20, "Logs"). Read from the server's output (`server.logs`).
 */
describe('structured logs', () => {
  let server: TestServer;
  let admin: string;
  let api1: ShippingApiConfig;

  beforeAll(async () => {
    ({ server, admin, api1 } = await startShop());
  });
  afterAll(() => server.stop());

  /** The server's JSON log lines (the start-up banner is plain text and is skipped). */
  function jsonLines(): Record<string, unknown>[] {
    return server.logs.filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as Record<string, unknown>);
  }

  it('a refused purchase is logged once, as JSON with the request id the caller got in X-Request-Id', async () => {
    const buyer = await newCustomer(server, admin, 20);
    // The carrier takes a shorter street: it refuses the shipment and the purchase is refunded (and logged).
    const res = await postOrder(server, buyer.token, upsGround(api1, { recipient: CARRIER_REFUSED_RECIPIENT }));
    expect(res.status, res.text).toBe(400);
    expect(errorOf(res).error.code).toBeDefined();
    const requestId = res.headers.get('x-request-id');
    expect(requestId).toMatch(/^req_/);
    const [order] = await ordersOf(server, buyer.id);

    const lines = jsonLines().filter((l) => l.msg === 'order.purchase_refused' && l.orderId === order?.id);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 'warn', requestId, orderId: order?.id });
    expect(typeof lines[0]?.time).toBe('string');
    expect(typeof lines[0]?.detail).toBe('string');

    // Nothing the caller or the provider holds as a secret is in the output.
    const output = server.logs.join('\n');
    expect(output).not.toContain(buyer.token);
    const providerKey = carrierOf(server).catalogues.alpha?.apiKey;
    expect(providerKey).toBeTruthy();
    expect(output).not.toContain(providerKey as string);
  });

  it('a job logs with its job id and type', async () => {
    const buyer = await newCustomer(server, admin, 100);
    const { created } = await buyRows(server, buyer.token, api1, [csvRow(), csvRow()]);
    expect(await waitForBulk(server, created.bulkOrderId)).toMatchObject({ status: 'completed' });
    const settled = jsonLines().find((l) => l.msg === 'bulk.settled' && l.bulkOrderId === created.bulkOrderId);
    expect(settled).toMatchObject({ level: 'info', job: 'bulk.buy-row', status: 'completed' });
    expect(settled?.jobId).toEqual(expect.any(String));
    expect(settled).not.toHaveProperty('requestId');
  });
});
