import { type DeliveryBucket, deliveryBucketOf } from '@labeldesk/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import {
  type OrderRow,
  orders,
  providerApiOf,
  shippingApis,
  type TrackingRefreshRunRow,
  trackingRefreshRuns,
} from '../../db/schema';
import type { Services } from '../../env';
import { ApiError } from '../../errors';
import { newId } from '../../lib/ids';
import { type LabelProvider, ProviderError, type ProviderTracking } from '../../ports/label-provider';
import { connectProvider } from '../shipping-apis/connect-provider';
import { markTrackingChecked, storeProviderTracking } from './store-provider-tracking';
import { userRefreshOrdersWhere } from './user-refresh-orders';

/** Orders asked about between two batch delays. */
export const USER_REFRESH_BATCH_SIZE = 10;
/** A chunk stops starting new batches after this much wall time, so no job holds the runner's lock for long. */
export const USER_REFRESH_CHUNK_MS = 40_000;
/** A 429 asking to wait at most this long is waited out in the chunk; longer, the next chunk is deferred. */
const INLINE_RETRY_AFTER_MAX_S = 10;

export interface RunUserTrackingRefreshInput {
  runId: string;
  cursor: string | null;
  sleep?: (ms: number) => Promise<void>;
  chunkMs?: number;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The labels looked at, by delivery status after the run (DELIVERY_BUCKETS; the run row's columns). */
const BUCKET_FIELDS = {
  pending: 'pending',
  in_transit: 'inTransit',
  delivered: 'delivered',
  exception: 'exception',
  cancelled: 'cancelled',
} as const satisfies Record<DeliveryBucket, string>;
type BucketField = (typeof BUCKET_FIELDS)[DeliveryBucket];

interface Progress extends Record<BucketField, number> {
  processed: number;
  updated: number;
  newlyDelivered: number;
  errors: number;
  statusChanges: { orderId: string; from: string; to: string }[];
  cursor: string | null;
}

/**
 * Job `tracking.refresh-user`: one chunk of an admin's tracking refresh of one customer. Walks the run's orders by id
 * after `cursor` in batches of USER_REFRESH_BATCH_SIZE, requestDelay between two provider calls, batchDelay between
 * batches (and before a follow-up chunk's first batch). Each answer is stored like the refresh button does
 * (storeProviderTracking, keyed by the check it started from). A 429 is not an error: its Retry-After is waited out
 * (inline when short, else the next chunk is enqueued that late). After each batch the progress is saved with a
 * guard on the cursor, so a stale or redelivered chunk stops there. When the orders run out the run is completed.
 */
export async function runUserTrackingRefresh(services: Services, input: RunUserTrackingRefreshInput): Promise<void> {
  const sleep = input.sleep ?? defaultSleep;
  const chunkMs = input.chunkMs ?? USER_REFRESH_CHUNK_MS;
  const [run] = await services.db
    .select()
    .from(trackingRefreshRuns)
    .where(eq(trackingRefreshRuns.id, input.runId))
    .limit(1);
  if (run?.status !== 'running' || run.cursor !== input.cursor) return;

  const chunkStart = Date.now();
  const providers = new Map<string, LabelProvider | null>();
  const progress: Progress = {
    processed: run.processed,
    updated: run.updated,
    newlyDelivered: run.newlyDelivered,
    pending: run.pending,
    inTransit: run.inTransit,
    delivered: run.delivered,
    exception: run.exception,
    cancelled: run.cancelled,
    errors: run.errors,
    statusChanges: JSON.parse(run.statusChangesJson),
    cursor: run.cursor,
  };
  let first = true;
  try {
    for (;;) {
      const batch = await services.db
        .select()
        .from(orders)
        .where(userRefreshOrdersWhere(run, progress.cursor))
        .orderBy(asc(orders.id))
        .limit(USER_REFRESH_BATCH_SIZE);
      if (batch.length === 0) {
        await save(services, run, input.cursor, progress, 'completed');
        return;
      }
      if (!first || progress.cursor !== null) await sleep(run.batchDelayMs);
      first = false;
      for (const [i, row] of batch.entries()) {
        if (i > 0) await sleep(run.requestDelayMs);
        const deferSeconds = await refreshOne(services, row, providers, progress, sleep);
        if (deferSeconds !== null) {
          // Long Retry-After: this order is asked again by the next chunk, that late.
          if (!(await save(services, run, input.cursor, progress, 'running'))) return;
          await enqueueNext(services, run.id, progress.cursor, deferSeconds);
          return;
        }
        progress.processed += 1;
        progress.cursor = row.id;
      }
      if (!(await save(services, run, input.cursor, progress, 'running'))) return;
      input = { ...input, cursor: progress.cursor };
      if (Date.now() - chunkStart >= chunkMs) {
        await enqueueNext(services, run.id, progress.cursor, 0);
        return;
      }
    }
  } catch (err) {
    // Unexpected (database, bug): the run fails with what it did so far; the screen shows the SPEC text.
    const message = err instanceof Error ? err.message : String(err);
    await save(services, run, input.cursor, { ...progress }, 'failed', message);
    throw err;
  }
}

/** Asks one order's provider. Returns null when done with the order, or seconds to defer (long Retry-After). */
async function refreshOne(
  services: Services,
  row: OrderRow,
  providers: Map<string, LabelProvider | null>,
  progress: Progress,
  sleep: (ms: number) => Promise<void>,
): Promise<number | null> {
  const apiId = providerApiOf(row).id;
  let provider = providers.get(apiId);
  if (provider === undefined) {
    provider = null;
    const [api] = await services.db.select().from(shippingApis).where(eq(shippingApis.id, apiId)).limit(1);
    if (api) {
      try {
        provider = await connectProvider(services, api);
      } catch (err) {
        if (!(err instanceof ApiError)) throw err;
      }
    }
    providers.set(apiId, provider);
  }
  if (!provider) {
    progress.errors += 1;
    countBucket(progress, row.deliveryStatus);
    return null;
  }
  for (;;) {
    let tracking: ProviderTracking;
    try {
      tracking = await provider.getTracking(row.trackingNumber);
    } catch (err) {
      if (!(err instanceof ProviderError)) throw err;
      if (err.httpStatus === 429) {
        const wait = Math.max(1, Math.ceil(err.retryAfterSeconds ?? 1));
        if (wait > INLINE_RETRY_AFTER_MAX_S) return wait;
        await sleep(wait * 1000);
        continue;
      }
      if (err.code === 'not_found') {
        await markTrackingChecked(services, row);
      } else {
        progress.errors += 1;
      }
      countBucket(progress, row.deliveryStatus);
      return null;
    }
    const updated = await storeProviderTracking(services, row, tracking);
    const now = updated?.deliveryStatus ?? row.deliveryStatus;
    if (updated) {
      progress.updated += 1;
      if (updated.deliveryStatus !== row.deliveryStatus) {
        progress.statusChanges.push({ orderId: row.id, from: row.deliveryStatus, to: updated.deliveryStatus });
        if (updated.deliveryStatus === 'delivered') progress.newlyDelivered += 1;
      }
    }
    countBucket(progress, now);
    return null;
  }
}

/** Counts a label looked at in the bucket of its delivery status after the run (one bucket per label). */
function countBucket(progress: Progress, status: string) {
  progress[BUCKET_FIELDS[deliveryBucketOf(status)]] += 1;
}

async function enqueueNext(services: Services, runId: string, cursor: string | null, delaySeconds: number) {
  await services.queue.send(
    { type: 'tracking.refresh-user', jobId: newId('job'), runId, cursor },
    delaySeconds > 0 ? { delaySeconds } : undefined,
  );
}

/** Saves the progress if the run is still where this chunk found it (cursor guard). False: someone else moved it. */
async function save(
  services: Services,
  run: TrackingRefreshRunRow,
  expectedCursor: string | null,
  progress: Progress,
  status: 'running' | 'completed' | 'failed',
  error?: string,
): Promise<boolean> {
  const now = services.clock.now().toISOString();
  const finished = status !== 'running';
  const saved = await services.db
    .update(trackingRefreshRuns)
    .set({
      status,
      processed: progress.processed,
      updated: progress.updated,
      newlyDelivered: progress.newlyDelivered,
      pending: progress.pending,
      inTransit: progress.inTransit,
      delivered: progress.delivered,
      exception: progress.exception,
      cancelled: progress.cancelled,
      errors: progress.errors,
      statusChangesJson: JSON.stringify(progress.statusChanges),
      cursor: progress.cursor,
      lastError: error ?? null,
      finishedAt: finished ? now : null,
      finishedMs: finished ? Date.now() : null,
      updatedAt: now,
    })
    .where(
      and(
        eq(trackingRefreshRuns.id, run.id),
        eq(trackingRefreshRuns.status, 'running'),
        sql`${trackingRefreshRuns.cursor} IS ${expectedCursor}`,
      ),
    )
    .returning({ id: trackingRefreshRuns.id });
  return saved.length > 0;
}
