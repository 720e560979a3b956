import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, errorOf, loginAdmin, register, type TestServer } from './helpers';
import { startOrdersServer } from './order-history-support';

/**
 * The margin view's request rules (split from pricing-margins, which checks the figures): a period the server refuses,
 * and who may ask. "Now" is 2026-03-10 12:00 UTC, as there.
 */
describe('admin pricing margins: requests', () => {
  let server: TestServer;
  let admin: string;
  let customer: string;

  beforeAll(async () => {
    ({ server } = await startOrdersServer(new Date('2026-03-10T12:00:00.000Z')));
    admin = (await loginAdmin(server)).token;
    customer = (await register(server, { name: 'Ann', email: 'ann@example.com', password: 'pw-12345' })).token;
  });
  afterAll(() => server.stop());

  it('bad periods answer 400 with a clear message', async () => {
    const cases: Array<[string, string]> = [
      ['?from=2026-03-10&to=2026-03-01', 'From date cannot be after To date'],
      ['?from=2026-02-30', 'Dates must be real calendar days in the form YYYY-MM-DD'],
      ['?to=10/03/2026', 'Dates must be real calendar days in the form YYYY-MM-DD'],
      ['?from=', 'Dates must be real calendar days in the form YYYY-MM-DD'],
      ['?from=2024-01-01&to=2026-03-10', 'The period can be at most 366 days'],
      // Only `from`, after today (the default `to`).
      ['?from=2026-04-01', 'From date cannot be after To date'],
    ];
    for (const [query, message] of cases) {
      const res = await call(server, 'GET', `/api/admin/pricing/margins${query}`, { token: admin });
      expect(res.status, query).toBe(400);
      expect(errorOf(res).error).toMatchObject({ code: 'invalid_input', message });
    }
  });

  it('is for admins only: a customer gets 403, no session 401', async () => {
    const asCustomer = await call(server, 'GET', '/api/admin/pricing/margins', { token: customer });
    expect(asCustomer.status).toBe(403);
    expect(errorOf(asCustomer).error.code).toBe('forbidden');
    const anonymous = await call(server, 'GET', '/api/admin/pricing/margins');
    expect(anonymous.status).toBe(401);
  });
});
