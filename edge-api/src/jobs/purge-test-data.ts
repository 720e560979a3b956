import { ZPL_DPIS } from '@labeldesk/contracts';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { bulkOrders, orders, testLabelQuota } from '../db/schema';
import type { Services } from '../env';
import { TEST_DATA_RETENTION_DAYS } from '../lib/test-mode-settings';
import { labelBlobKey } from '../use-cases/orders/order-rows';
import { labelFileBlobKey } from '../use-cases/orders/read-label-file';

/** Test data is kept this long (README "Test mode"), then deleted by the maintenance job. */
export const TEST_DATA_RETENTION_MS = TEST_DATA_RETENTION_DAYS * 24 * 60 * 60_000;

/** Rows deleted per statement, and statements per run (the next run of the maintenance job goes on). */
const PURGE_BATCH = 500;
const PURGE_BATCHES_PER_RUN = 20;

/** Every blob a label may have left: its PDF, its PNG and its ZPL at each dpi. */
const labelBlobs = (orderId: string) => [
  labelBlobKey(orderId),
  labelFileBlobKey(orderId, 'png', 203),
  ...ZPL_DPIS.map((dpi) => labelFileBlobKey(orderId, 'zpl', dpi)),
];

async function deleteBlobs(services: Services, keys: string[]): Promise<void> {
  for (const key of keys) {
    await services.blobs.delete(key).catch((err: unknown) => {
      services.log.warn('test_data.blob_not_deleted', { key, err });
    });
  }
}

/**
 * Deletes test data (livemode false) created more than `olderThanMs` ago: test orders (their attempts and Amazon
 * confirmations cascade) with their label files, then test bulk orders left without rows, with their combined
 * documents, and the test quota's counters of past days. Live rows are never touched (every statement names livemode = 0). Idempotent; a large backlog is worked
 * off over several runs.
 */
export async function purgeTestData(
  services: Services,
  olderThanMs: number = TEST_DATA_RETENTION_MS,
): Promise<{ orders: number; bulkOrders: number }> {
  const cutoff = new Date(services.clock.now().getTime() - olderThanMs).toISOString();
  const purged = { orders: 0, bulkOrders: 0 };
  for (let i = 0; i < PURGE_BATCHES_PER_RUN; i++) {
    const old = await services.db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.livemode, false), lt(orders.createdAt, cutoff)))
      .limit(PURGE_BATCH);
    if (old.length === 0) break;
    const ids = old.map((o) => o.id);
    const deleted = await services.db
      .delete(orders)
      .where(and(inArray(orders.id, ids), eq(orders.livemode, false)))
      .returning({ id: orders.id });
    purged.orders += deleted.length;
    await deleteBlobs(
      services,
      deleted.flatMap((o) => labelBlobs(o.id)),
    );
  }
  for (let i = 0; i < PURGE_BATCHES_PER_RUN; i++) {
    const deleted = await services.db
      .delete(bulkOrders)
      .where(
        inArray(
          bulkOrders.id,
          sql`(SELECT ${bulkOrders.id} FROM ${bulkOrders} WHERE ${bulkOrders.livemode} = 0 AND ${bulkOrders.createdAt} < ${cutoff} AND NOT EXISTS (SELECT 1 FROM ${orders} WHERE ${orders.bulkOrderId} = ${bulkOrders.id}) LIMIT ${PURGE_BATCH})`,
        ),
      )
      .returning({ id: bulkOrders.id, labelsBlobKey: bulkOrders.labelsBlobKey });
    if (deleted.length === 0) break;
    purged.bulkOrders += deleted.length;
    await deleteBlobs(
      services,
      deleted.flatMap((b) => (b.labelsBlobKey ? [b.labelsBlobKey] : [])),
    );
  }
  // The daily quota's counters of past days (only today's is ever read).
  const yesterday = new Date(services.clock.now().getTime() - 24 * 60 * 60_000).toISOString().slice(0, 10);
  await services.db.delete(testLabelQuota).where(lt(testLabelQuota.day, yesterday));
  if (purged.orders + purged.bulkOrders > 0) services.log.info('test_data.purged', purged);
  return purged;
}
