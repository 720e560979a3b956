import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BulkProcessResponse } from '@labeldesk/contracts';
import { createClient } from '@libsql/client';
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

/**
 * The labels the embedded sandbox knows, by label id: their reference (our order id). Every catalogue: a row in
 * flight when the server closes its port fails over to the next API, and is reconciled there after the restart.
 */
function labelsOf(server: TestServer): Map<string, string | null> {
  const catalogues = Object.values(carrierOf(server).catalogues);
  return new Map(catalogues.flatMap((c) => c?.labels() ?? []).map((l) => [l.labelId, l.reference ?? null]));
}

/**
 * The embedded default runs its jobs on a worker thread of its own (entries/node/job-thread.ts), with its own
 * connection to the database file, so a bulk order's rows never take turns with other customers' requests on the
 * server's event loop. The jobs table stays the queue: a server closed in the middle of a bulk order and started
 * again on the same data directory finishes it, each row bought and charged exactly once.
 */
describe('the job runner on a thread of its own', () => {
  let dataDir = '';
  let server: TestServer | undefined;
  afterAll(async () => {
    await server?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it("a bulk order's rows are bought on the job thread, and a restart half way settles each row exactly once", async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'labeldesk-job-thread-'));
    // Slow purchases and one row at a time, so the close lands with rows still queued.
    const options = {
      dataDir,
      carrierSandboxOptions: { latencyMs: { min: 40, max: 60 }, exceptionRate: 0 },
      bulkConcurrencyPerApi: 1,
      jobThread: 'on',
    };
    const first = await startShop(options);
    server = first.server;
    const buyer = await newCustomer(server, first.admin, 500);
    const startCents = (await moneyOf(server, buyer.id)).balance;
    const rows = Array.from({ length: ROWS }, () => csvRow());
    const validated = await validateRows(server, buyer.token, first.api1, rows);
    const res = await postProcess(server, buyer.token, {
      ...upsGroundSelection(first.api1),
      orders: validated.results.map((r) => ({ rowIndex: r.rowIndex, data: rows[r.rowIndex], price: r.price })),
      totalPrice: validated.totalPrice,
    });
    expect(res.status, res.text).toBe(201);
    const { bulkOrderId } = BulkProcessResponse.parse(res.body);

    // Close while rows are still to buy: the thread finishes the rows in hand, the rest stay queued.
    await waitFor(async () => {
      const bought = (await bulkRowsOf(server as TestServer, bulkOrderId)).filter((r) => r.status === 'completed');
      return bought.length >= 3 ? true : undefined;
    }, 60_000);
    await server.close();
    const labelsBefore = labelsOf(server);
    const file = createClient({ url: `file:${join(dataDir, 'labeldesk.db')}` });
    const closedWith = await file.execute({
      sql: "SELECT COUNT(*) AS n FROM orders WHERE bulk_order_id = ? AND status = 'completed'",
      args: [bulkOrderId],
    });
    file.close();
    expect(Number(closedWith.rows[0]?.n)).toBeLessThan(ROWS);

    const second = await startShop({ ...options, bulkConcurrencyPerApi: 4 });
    server = second.server;
    const done = await waitForBulk(server, bulkOrderId, 120_000);
    // Every row ends bought, or refused and refunded: the row in flight when the first server closed its port (the
    // embedded sandbox's too) may find no provider to ask, and is refunded rather than bought.
    const rowsAfter = await bulkRowsOf(server, bulkOrderId);
    const bought = rowsAfter.filter((r) => r.status === 'completed');
    const failed = rowsAfter.filter((r) => r.status === 'failed');
    expect(bought.length + failed.length).toBe(ROWS);
    expect(failed.length).toBeLessThanOrEqual(1);
    expect(done.status).toBe(failed.length === 0 ? 'completed' : 'partial');
    // One hold, each bought row charged from it once, each refused row refunded once, nothing left held; one label
    // per bought row and none for a refused one, made by one of the two servers (each sandbox knows its own).
    const money = await moneyOf(server, buyer.id);
    expect(money.balance).toBe(startCents - bought.reduce((sum, r) => sum + r.price_cents, 0));
    expect(money.refunds).toBe(failed.length);
    const labels = new Map([...labelsBefore, ...labelsOf(server)]);
    for (const r of [...bought, ...failed]) {
      expect(
        [...labels.values()].filter((reference) => reference === r.id),
        `labels of ${r.id}`,
      ).toHaveLength(r.status === 'completed' ? 1 : 0);
    }
    await expectLedgerInvariant(server);

    // The row that settled the bulk order logged from the job thread, through the server's own log sink.
    const settled = await waitFor(async () => {
      const lines = logLines(server as TestServer, 'bulk.settled').filter((l) => l.bulkOrderId === bulkOrderId);
      return lines.length > 0 ? lines : undefined;
    }, 30_000);
    expect(settled).toEqual([expect.objectContaining({ thread: 'jobs', job: 'bulk.buy-row', status: done.status })]);
  }, 180_000);
});
