import type { ShippingApiConfig } from '@labeldesk/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../src/db/schema';
import { handleJob } from '../../src/jobs/handle-job';
import { PERIODIC_CRON, periodicJobs } from '../../src/jobs/schedule';
import { JobMessage } from '../../src/ports/job-queue';
import { BULK_IDLE_MS } from '../../src/use-cases/bulk-orders/resume-due-bulk-orders';
import { STUCK_BULK_ROW_MS } from '../../src/use-cases/orders/reconcile-due-orders';
import { bulkOrderRow, bulkRowsOf, buyRows, csvRow, expectSettled, waitForBulk } from './bulk-engine-support';
import type { TestServer } from './helpers';
import { moneyOf, newCustomer, startShop } from './orders-support';

/**
 * The safety nets around the engine, with the server's clock moved ahead: a bulk order whose jobs died is resumed by
 * bulk.resume-due, and the reconcile sweep does not buy queued bulk rows behind the engine's back (only rows nothing
 * touched for 30 minutes). The server runs no jobs of its own here; the tests deliver them.
 */
describe('bulk orders: resuming and the reconcile sweep', () => {
  let server: TestServer;
  let admin: string;
  let api1: ShippingApiConfig;
  const offset = { ms: 0 };

  beforeAll(async () => {
    ({ server, admin, api1 } = await startShop({
      runJobs: false,
      clock: { now: () => new Date(Date.now() + offset.ms) },
    }));
  });
  afterAll(() => server.stop());

  const job = (type: 'bulk.resume-due' | 'orders.reconcile-due') =>
    handleJob(server.services, { type, jobId: `job_test_${type}_${Date.now()}`, limit: 50 } as JobMessage);

  async function queuedRowJobs(bulkOrderId: string) {
    const rows = await server.services.db.select().from(jobs).where(eq(jobs.type, 'bulk.buy-row'));
    return rows
      .filter((r) => r.status === 'queued')
      .map((r) => JobMessage.parse(JSON.parse(r.payload)))
      .filter((m) => m.type === 'bulk.buy-row' && m.bulkOrderId === bulkOrderId);
  }

  it('bulk.resume-due runs every 5 minutes and queues again the rows of a bulk order whose jobs died', async () => {
    expect(periodicJobs(PERIODIC_CRON).map((j) => j.type)).toContain('bulk.resume-due');
    const buyer = await newCustomer(server, admin, 200);
    const start = (await moneyOf(server, buyer.id)).balance;
    const { created } = await buyRows(server, buyer.token, api1, [csvRow(), csvRow(), csvRow()]);
    const first = await queuedRowJobs(created.bulkOrderId);
    expect(first).toHaveLength(3);

    // Row 0 is bought; the jobs of rows 1 and 2 die (dead-lettered after their attempts, the rows never settled).
    const [m0] = first;
    if (!m0) throw new Error('no job');
    await handleJob(server.services, m0);
    await server.services.db.run(
      sql`UPDATE jobs SET status = 'dead' WHERE type = 'bulk.buy-row' AND status = 'queued' AND payload LIKE ${`%${created.bulkOrderId}%`}`,
    );
    await server.services.db.run(
      sql`UPDATE orders SET purchase_attempts = 5 WHERE bulk_order_id = ${created.bulkOrderId} AND status = 'processing'`,
    );

    // Not idle long enough yet: nothing queued.
    await job('bulk.resume-due');
    expect(await queuedRowJobs(created.bulkOrderId)).toEqual([]);

    offset.ms += BULK_IDLE_MS + 1_000;
    await job('bulk.resume-due');
    const resumed = await queuedRowJobs(created.bulkOrderId);
    const open = (await bulkRowsOf(server, created.bulkOrderId)).filter((r) => r.status === 'processing');
    expect(resumed.map((m) => (m.type === 'bulk.buy-row' ? m.orderId : '')).sort()).toEqual(
      open.map((r) => r.id).sort(),
    );
    // A second run before the rows move queues nothing new (same job ids).
    await job('bulk.resume-due');
    expect(await queuedRowJobs(created.bulkOrderId)).toHaveLength(2);

    for (const m of resumed) await handleJob(server.services, m);
    expect(await waitForBulk(server, created.bulkOrderId, 5_000)).toMatchObject({ status: 'completed' });
    await expectSettled(server, buyer.id, created.bulkOrderId, start);
  });

  it('bulk.resume-due gives the final status to a bulk order whose rows all settled without it', async () => {
    const buyer = await newCustomer(server, admin, 200);
    const { created } = await buyRows(server, buyer.token, api1, [csvRow(), csvRow()]);
    for (const m of await queuedRowJobs(created.bulkOrderId)) await handleJob(server.services, m);
    await waitForBulk(server, created.bulkOrderId, 5_000);
    // As if the process died between the last row and the final status.
    await server.services.db.run(
      sql`UPDATE bulk_orders SET status = 'processing', completed_at = NULL WHERE id = ${created.bulkOrderId}`,
    );
    offset.ms += BULK_IDLE_MS + 1_000;
    await job('bulk.resume-due');
    expect(await bulkOrderRow(server, created.bulkOrderId)).toMatchObject({
      status: 'completed',
      failed_order_count: 0,
    });
  });

  it('the reconcile sweep leaves queued bulk rows to the engine, and takes them over after 30 idle minutes', async () => {
    const buyer = await newCustomer(server, admin, 200);
    const start = (await moneyOf(server, buyer.id)).balance;
    const { created } = await buyRows(server, buyer.token, api1, [csvRow(), csvRow()]);
    // Ten minutes later (a single purchase would be "stuck" after two): still the engine's.
    offset.ms += 10 * 60_000;
    const early = await handleJob(server.services, { type: 'orders.reconcile-due', jobId: 'job_sweep_1', limit: 50 });
    expect(early.kind).toBe('ack');
    expect((await bulkRowsOf(server, created.bulkOrderId)).map((r) => r.status)).toEqual(['processing', 'processing']);

    offset.ms += STUCK_BULK_ROW_MS;
    await handleJob(server.services, { type: 'orders.reconcile-due', jobId: 'job_sweep_2', limit: 50 });
    expect((await bulkRowsOf(server, created.bulkOrderId)).map((r) => r.status)).toEqual(['completed', 'completed']);
    expect(await bulkOrderRow(server, created.bulkOrderId)).toMatchObject({ status: 'completed' });
    await expectSettled(server, buyer.id, created.bulkOrderId, start);
    // The engine's own jobs, delivered late, buy nothing more.
    for (const m of await queuedRowJobs(created.bulkOrderId)) await handleJob(server.services, m);
    await expectSettled(server, buyer.id, created.bulkOrderId, start);
  });
});
