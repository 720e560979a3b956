import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BulkProcessResponse } from '@labeldesk/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import {
  bulkRowsOf,
  csvRow,
  expectLedgerInvariant,
  postProcess,
  upsGroundSelection,
  validateRows,
  waitForBulk,
} from './bulk-engine-support';
import type { TestServer } from './helpers';
import { waitFor } from './money-support';
import { moneyOf, newCustomer, startShop } from './orders-support';
import { carrierOf } from './providers-support';

const ROWS = 24;

/** The server's JSON log lines with `msg`. */
function logLines(server: TestServer, msg: string): Record<string, unknown>[] {
  return server.logs
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((line) => line.msg === msg);
}

/** The labels the embedded sandbox knows, by label id: their reference (our order id), over every catalogue. */
function labelsOf(server: TestServer): Map<string, string | null> {
  const catalogues = Object.values(carrierOf(server).catalogues);
  return new Map(catalogues.flatMap((c) => c?.labels() ?? []).map((l) => [l.labelId, l.reference ?? null]));
}

/**
 * The embedded default runs its jobs on a worker thread of its own (entries/node/job-thread.ts), with its own
 * connection to the database file, so a bulk order's rows never take turns with other customers' requests on the
 * server's event loop. A process killed in the middle of a bulk order and started again on the same data directory
 * (the thread on, as main.ts runs it) is bulk-orders.restart's test.
 */
describe('the job runner on a thread of its own', () => {
  let dataDir = '';
  let server: TestServer | undefined;
  afterAll(async () => {
    await server?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it("a bulk order's rows are bought on the job thread, each charged once from the hold", async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'labeldesk-job-thread-'));
    const shop = await startShop({
      dataDir,
      carrierSandboxOptions: { latencyMs: { min: 40, max: 60 }, exceptionRate: 0 },
      bulkConcurrencyPerApi: 4,
      jobThread: 'on',
    });
    server = shop.server;
    const buyer = await newCustomer(server, shop.admin, 500);
    const startCents = (await moneyOf(server, buyer.id)).balance;
    const rows = Array.from({ length: ROWS }, () => csvRow());
    const validated = await validateRows(server, buyer.token, shop.api1, rows);
    const res = await postProcess(server, buyer.token, {
      ...upsGroundSelection(shop.api1),
      orders: validated.results.map((r) => ({ rowIndex: r.rowIndex, data: rows[r.rowIndex], price: r.price })),
      totalPrice: validated.totalPrice,
    });
    expect(res.status, res.text).toBe(201);
    const { bulkOrderId } = BulkProcessResponse.parse(res.body);

    const done = await waitForBulk(server, bulkOrderId, 120_000);
    expect(done.status).toBe('completed');
    const bought = await bulkRowsOf(server, bulkOrderId);
    expect(bought.filter((r) => r.status === 'completed')).toHaveLength(ROWS);
    // One hold, each row charged from it once, nothing refunded or left held; one label per row at the sandbox.
    const money = await moneyOf(server, buyer.id);
    expect(money.balance).toBe(startCents - bought.reduce((sum, r) => sum + r.price_cents, 0));
    expect(money.refunds).toBe(0);
    const labels = [...labelsOf(server).values()];
    for (const r of bought)
      expect(
        labels.filter((reference) => reference === r.id),
        `labels of ${r.id}`,
      ).toHaveLength(1);
    await expectLedgerInvariant(server);

    // The row that settled the bulk order logged from the job thread, through the server's own log sink.
    const settled = await waitFor(async () => {
      const lines = logLines(server as TestServer, 'bulk.settled').filter((l) => l.bulkOrderId === bulkOrderId);
      return lines.length > 0 ? lines : undefined;
    }, 30_000);
    expect(settled).toEqual([expect.objectContaining({ thread: 'jobs', job: 'bulk.buy-row', status: 'completed' })]);
  }, 180_000);
});
