import type { ShippingApiConfig } from '@labeldesk/contracts';
import type { Client, InStatement, TransactionMode } from '@libsql/client';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localJobRunner } from '../../src/adapters/node/local-job-runner';
import { jobs } from '../../src/db/schema';
import { handleJob } from '../../src/jobs/handle-job';
import { JobMessage } from '../../src/ports/job-queue';
import { labelRequestFor } from '../../src/use-cases/orders/label-request';
import { readOrder } from '../../src/use-cases/orders/order-rows';
import { connectProvider } from '../../src/use-cases/shipping-apis/connect-provider';
import { findApiConfig } from '../../src/use-cases/shipping-apis/get-api-config';
import {
  bulkOrderRow,
  bulkRowsOf,
  buyRows,
  csvRow,
  expectSettled,
  labelsByOrder,
  PROVIDER_REFUSED_STREET,
  waitForBulk,
} from './bulk-engine-support';
import type { TestServer } from './helpers';
import { moneyOf, newCustomer, startShop } from './orders-support';

/**
 * At-most-once per row whatever the queue does: every message delivered twice at the same time, a consumer that died
 * after the provider made the label, two runners claiming from one database. The server runs no jobs of its own here;
 * the tests deliver them.
 */
describe('bulk orders: redeliveries and racing consumers', () => {
  let server: TestServer;
  let admin: string;
  let api1: ShippingApiConfig;

  beforeAll(async () => {
    ({ server, admin, api1 } = await startShop({
      runJobs: false,
      carrierSandboxOptions: { latencyMs: { min: 5, max: 40 } },
    }));
  });
  afterAll(() => server.stop());

  /** The bulk.buy-row jobs the process call queued for `bulkOrderId` (left in the jobs table: no runner here). */
  async function rowJobs(bulkOrderId: string): Promise<JobMessage[]> {
    const rows = await server.services.db.select().from(jobs).where(eq(jobs.type, 'bulk.buy-row'));
    return rows
      .map((r) => JobMessage.parse(JSON.parse(r.payload)))
      .filter((m) => m.type === 'bulk.buy-row' && m.bulkOrderId === bulkOrderId);
  }

  it('every message delivered twice, both copies at once: each row bought once, refused rows refunded once', async () => {
    const buyer = await newCustomer(server, admin, 500);
    const start = (await moneyOf(server, buyer.id)).balance;
    const rows = Array.from({ length: 24 }, (_, i) =>
      csvRow(i % 6 === 5 ? { toStreet1: PROVIDER_REFUSED_STREET } : {}),
    );
    const { created } = await buyRows(server, buyer.token, api1, rows);
    const messages = await rowJobs(created.bulkOrderId);
    expect(messages).toHaveLength(24);
    // Enqueueing a row again (a resumed bulk order, a retried send) stores nothing new on Node.
    await server.services.queue.sendBatch(messages);
    expect(await rowJobs(created.bulkOrderId)).toHaveLength(24);

    const outcomes = await Promise.all(
      messages.flatMap((m) => [handleJob(server.services, m), handleJob(server.services, m)]),
    );
    expect(outcomes.every((o) => o.kind === 'ack')).toBe(true);
    // And a late third delivery of all of them changes nothing.
    await Promise.all(messages.map((m) => handleJob(server.services, m)));

    const bulk = await waitForBulk(server, created.bulkOrderId, 5_000);
    expect(bulk).toMatchObject({ status: 'partial', failed_order_count: 4 });
    const settled = await expectSettled(server, buyer.id, created.bulkOrderId, start);
    expect(settled.bought).toHaveLength(20);
  });

  it('a consumer that died after the provider made the label: the redelivery gets that label, not a second one', async () => {
    const buyer = await newCustomer(server, admin, 200);
    const start = (await moneyOf(server, buyer.id)).balance;
    const { created } = await buyRows(server, buyer.token, api1, [csvRow(), csvRow(), csvRow()]);
    const messages = await rowJobs(created.bulkOrderId);
    const [firstRow] = await bulkRowsOf(server, created.bulkOrderId);
    const order = await readOrder(server.services, firstRow?.id ?? '');
    if (!order) throw new Error('row missing');
    // The dead consumer's request reached the provider (same body, same key = the order id), then it died.
    const api = await findApiConfig(server.services, order.apiId);
    if (!api) throw new Error('api missing');
    const provider = await connectProvider(server.services, api);
    const lost = await provider.createLabel(labelRequestFor(order));
    expect((await readOrder(server.services, order.id))?.status).toBe('processing');

    for (const m of messages) await handleJob(server.services, m);
    await waitForBulk(server, created.bulkOrderId, 5_000);
    const after = await readOrder(server.services, order.id);
    expect(after).toMatchObject({ status: 'completed', providerLabelId: lost.labelId });
    const settled = await expectSettled(server, buyer.id, created.bulkOrderId, start);
    expect(settled.bought).toHaveLength(3);
  });

  it('two runners with several workers each, claiming from one database: each row bought once', async () => {
    const buyer = await newCustomer(server, admin, 1_000);
    const start = (await moneyOf(server, buyer.id)).balance;
    const rows = Array.from({ length: 40 }, () => csvRow());
    const { created } = await buyRows(server, buyer.token, api1, rows);
    // Make every row's job a double: the second copy under another job id, so both runners may claim "the same row".
    const messages = await rowJobs(created.bulkOrderId);
    await server.services.queue.sendBatch(messages.map((m) => ({ ...m, jobId: `${m.jobId}_copy` })));

    const opts = { services: server.services, pollIntervalMs: 20, concurrency: 6, laneConcurrency: 6 };
    const a = localJobRunner(opts);
    const b = localJobRunner(opts);
    a.start();
    b.start();
    const jobsLeft = async () => {
      const [left] = await server.services.db.all<{ n: number }>(
        sql`SELECT COUNT(*) AS n FROM jobs WHERE type = 'bulk.buy-row' AND status <> 'done'`,
      );
      return Number(left?.n);
    };
    try {
      await waitForBulk(server, created.bulkOrderId, 30_000);
      // The bulk order settles with its last row; copies of rows already bought may still be queued behind it. The
      // runners drain them (each finds its row bought and buys nothing) before they stop.
      await expect.poll(jobsLeft, { timeout: 30_000, interval: 100 }).toBe(0);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
    const settled = await expectSettled(server, buyer.id, created.bulkOrderId, start);
    expect(settled.bought).toHaveLength(40);
    const labels = labelsByOrder(server);
    expect(settled.bought.every((r) => labels.get(r.id) === 1)).toBe(true);
  });

  it('a bulk row costs two round trips to the database; the last row settles its bulk order', async () => {
    const buyer = await newCustomer(server, admin, 500);
    const start = (await moneyOf(server, buyer.id)).balance;
    const { created } = await buyRows(server, buyer.token, api1, [csvRow(), csvRow()]);
    const [first, second] = await rowJobs(created.bulkOrderId);
    if (!first || !second) throw new Error('two row jobs expected');
    // Every call the row's use-cases make to libSQL: one statement on its own, or a batch (one transaction).
    const client = (server.services.db as unknown as { $client: Client }).$client;
    const { execute, batch } = client;
    const calls: string[] = [];
    client.execute = ((stmt: InStatement) => {
      calls.push(`execute ${typeof stmt === 'string' ? stmt : stmt.sql}`);
      return (execute as (s: InStatement) => ReturnType<Client['execute']>).call(client, stmt);
    }) as Client['execute'];
    client.batch = ((stmts: InStatement[], mode?: TransactionMode) => {
      calls.push(`batch of ${stmts.length}`);
      return batch.call(client, stmts, mode);
    }) as Client['batch'];
    try {
      expect(await handleJob(server.services, first)).toEqual({ kind: 'ack' });
      // The claim (with its purchase plan), then the completion, which also asks whether another row is open (one
      // is): no read of its own for that, and nothing else.
      expect(calls).toEqual(['batch of 6', 'batch of 4']);
      expect((await bulkOrderRow(server, created.bulkOrderId))?.status).toBe('processing');
      calls.length = 0;
      expect(await handleJob(server.services, second)).toEqual({ kind: 'ack' });
      // The last row's completion sees none open: settleBulkOrder finishes the bulk order.
      expect(calls.slice(0, 2)).toEqual(['batch of 6', 'batch of 4']);
    } finally {
      client.execute = execute;
      client.batch = batch;
    }
    expect(await waitForBulk(server, created.bulkOrderId, 5_000)).toMatchObject({ status: 'completed' });
    await expectSettled(server, buyer.id, created.bulkOrderId, start);
  });
});
