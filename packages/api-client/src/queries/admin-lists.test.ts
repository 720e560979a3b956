import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configureApiBase } from '../http';
import { adminOrderQueries } from './admin-orders';
import { customerQueries } from './customers';
import { faqQueries } from './faqs';
import { marginQueries } from './margins';
import { providerQueries } from './provider-config';
import type { QuerySpec } from './spec';

/**
 * The admin list queries hand the query library's AbortSignal to the request: when a list's filters, page or period
 * change while its request runs, the library aborts the signal and the request is dropped on the wire (the server sees
 * the connection close), instead of finishing and being thrown away.
 */
describe('admin list queries pass the AbortSignal to the request', () => {
  let server: Server;
  const seen: { path: string; closedEarly: Promise<boolean> }[] = [];
  const waiting: ((path: string) => void)[] = [];

  beforeAll(async () => {
    // Never answers: only an abort ends a request.
    server = createServer((req: IncomingMessage, res: ServerResponse) => {
      const path = req.url ?? '';
      seen.push({ path, closedEarly: new Promise((resolve) => res.on('close', () => resolve(!res.writableEnded))) });
      for (const w of waiting.splice(0)) w(path);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    configureApiBase(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  });
  afterAll(async () => {
    configureApiBase('');
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const cases: [string, QuerySpec<unknown>, string][] = [
    ['All Orders', adminOrderQueries.list({ page: 2, limit: 25 }), '/api/admin/orders?page=2&limit=25'],
    ['bulk orders', adminOrderQueries.bulkList({ page: 1, limit: 10 }), '/api/admin/bulk-orders?page=1&limit=10'],
    ['deposits', adminOrderQueries.deposits({ page: 1, limit: 10 }), '/api/admin/deposits?page=1&limit=10'],
    ['label statistics', adminOrderQueries.labelStats('week'), '/api/admin/stats/labels?period=week'],
    [
      'margins',
      marginQueries.period({ from: '2026-11-01', to: '2026-11-24' }),
      '/api/admin/pricing/margins?from=2026-11-01&to=2026-11-24',
    ],
    ['customers', customerQueries.list(), '/api/admin/users'],
    ['FAQs', faqQueries.admin(), '/api/admin/faqs'],
    ['provider APIs', providerQueries.apis(), '/api/admin/config/apis'],
  ];

  it.each(cases)('%s: aborting the signal drops the request under way', async (_name, spec, path) => {
    const controller = new AbortController();
    const arrived = new Promise<string>((resolve) => waiting.push(resolve));
    const pending = spec.queryFn({ signal: controller.signal });
    expect(await arrived).toBe(path);

    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    const request = seen.find((s) => s.path === path);
    expect(await request?.closedEarly).toBe(true);
  });

  it('keys by what narrows the list, so another page or period is another query', () => {
    expect(adminOrderQueries.list({ page: 1 }).queryKey).not.toEqual(adminOrderQueries.list({ page: 2 }).queryKey);
    expect(marginQueries.period({ from: '2026-11-01' }).queryKey).toEqual(['admin', 'margins', { from: '2026-11-01' }]);
  });
});
