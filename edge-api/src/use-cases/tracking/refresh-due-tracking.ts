import { inArray, sql } from 'drizzle-orm';
import { type OrderRow, orders, providerApiOf } from '../../db/schema';
import { type ShippingApiRow, shippingApis } from '../../db/schema/shipping-apis';
import type { Services } from '../../env';
import { ApiError } from '../../errors';
import { type LabelProvider, ProviderError, type ProviderTracking } from '../../ports/label-provider';
import { connectProvider } from '../shipping-apis/connect-provider';
import { markTrackingChecked, storeProviderTracking } from './store-provider-tracking';

/** Orders looked at per run of the scheduled refresh (the cron runs every 5 minutes). */
export const TRACKING_REFRESH_BATCH = 100;
/** An order is asked about again once its last check is older than this. */
export const TRACKING_RECHECK_AFTER_MS = 60 * 60_000;
/** Pause between two requests to the same provider. */
export const TRACKING_REQUEST_PAUSE_MS = 250;

export interface TrackingRefreshSummary {
  /** Orders picked as due. */
  picked: number;
  /** Orders whose tracking was stored. */
  updated: number;
  /** ... of which the delivery status changed. */
  statusChanged: number;
  /** Orders the provider did not know (marked checked, status unchanged). */
  notFound: number;
  /** Orders left for the next run because their provider was unavailable, rate limited or refused us. */
  deferred: number;
  /** Orders another check (a customer's refresh, a redelivered job) updated first. */
  skipped: number;
  /** The API configs whose run stopped early, with the reason. */
  stoppedApis: { apiId: string; reason: string }[];
}

export interface RefreshDueTrackingInput {
  limit?: number;
  pauseMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

const ID_CHUNK = 90;

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Bought labels whose parcel is not delivered or cancelled yet and that were not checked within the last hour, least
 * recently checked (never checked first) — shared fairly between the API configs (the first of every API, then the
 * second, ...) so one provider's backlog cannot starve another's. Orders of a deleted API config are left out (there
 * is nobody to ask). Reads the partial index orders_tracking_due_idx (named: without statistics the planner would
 * take orders_status_idx and walk every completed order, delivered ones included).
 */
async function dueOrders(services: Services, limit: number): Promise<OrderRow[]> {
  const cutoff = new Date(services.clock.now().getTime() - TRACKING_RECHECK_AFTER_MS).toISOString();
  const picked = await services.db.all<{ id: string }>(sql`
    SELECT id FROM (
      SELECT o.id AS id, o.last_checked_at AS checked,
        ROW_NUMBER() OVER (PARTITION BY COALESCE(o.provider_api_id, o.api_id) ORDER BY o.last_checked_at, o.id) AS rn
      FROM ${orders} o INDEXED BY orders_tracking_due_idx
      WHERE o.status = 'completed' AND o.delivery_status NOT IN ('delivered', 'cancelled')
        AND (o.last_checked_at IS NULL OR o.last_checked_at < ${cutoff})
        AND COALESCE(o.provider_api_id, o.api_id) IN (SELECT id FROM ${shippingApis})
    )
    ORDER BY rn, checked, id
    LIMIT ${limit}`);
  if (picked.length === 0) return [];
  const ids = picked.map((p) => p.id);
  // In chunks: D1 binds at most 100 parameters per statement.
  const byId = new Map<string, OrderRow>();
  for (let i = 0; i < ids.length; i += ID_CHUNK) {
    const rows = await services.db
      .select()
      .from(orders)
      .where(inArray(orders.id, ids.slice(i, i + ID_CHUNK)));
    for (const r of rows) byId.set(r.id, r);
  }
  return ids.map((id) => byId.get(id)).filter((r): r is OrderRow => r !== undefined);
}

/**
 * The scheduled tracking refresh (job `tracking.refresh`): asks each due order's provider for its tracking and stores
 * it like the refresh button does. One sequential run per API config, with a pause between requests; the API configs
 * run side by side. Rate-aware: when a provider is unavailable, rate limits us (429) or refuses the call, the rest of
 * that provider's orders waits for the next run (they stay due, least recently checked first). Every update is keyed
 * by the check it started from (see storeProviderTracking), and orders checked within the hour are not picked, so a
 * redelivered job changes nothing harmful.
 */
export async function refreshDueTracking(
  services: Services,
  input: RefreshDueTrackingInput = {},
): Promise<TrackingRefreshSummary> {
  const limit = Math.max(1, Math.min(input.limit ?? TRACKING_REFRESH_BATCH, 1000));
  const pauseMs = input.pauseMs ?? TRACKING_REQUEST_PAUSE_MS;
  const sleep = input.sleep ?? defaultSleep;
  const summary: TrackingRefreshSummary = {
    picked: 0,
    updated: 0,
    statusChanged: 0,
    notFound: 0,
    deferred: 0,
    skipped: 0,
    stoppedApis: [],
  };

  const due = await dueOrders(services, limit);
  summary.picked = due.length;
  if (due.length === 0) return summary;

  // Per API and mode: a test order's tracking comes from the sandbox of its API's kind (connectProvider).
  const groups = new Map<string, OrderRow[]>();
  const groupOf = (row: OrderRow) => `${row.livemode ? 'live' : 'test'}:${providerApiOf(row).id}`;
  for (const row of due) groups.set(groupOf(row), [...(groups.get(groupOf(row)) ?? []), row]);
  const apis = await services.db
    .select()
    .from(shippingApis)
    .where(inArray(shippingApis.id, [...new Set(due.map((row) => providerApiOf(row).id))]));
  const apiById = new Map(apis.map((a) => [a.id, a]));

  const stop = (apiId: string, reason: string, left: number) => {
    summary.deferred += left;
    summary.stoppedApis.push({ apiId, reason });
  };

  const runApi = async (api: ShippingApiRow, rows: OrderRow[]) => {
    let provider: LabelProvider;
    try {
      provider = await connectProvider(services, api, { livemode: rows[0]?.livemode ?? true });
    } catch (err) {
      if (err instanceof ApiError) return stop(api.id, err.message, rows.length);
      throw err;
    }
    for (const [i, row] of rows.entries()) {
      if (i > 0 && pauseMs > 0) await sleep(pauseMs);
      let tracking: ProviderTracking;
      try {
        tracking = await provider.getTracking(row.trackingNumber);
      } catch (err) {
        if (!(err instanceof ProviderError)) throw err;
        if (err.code === 'not_found') {
          // The provider does not know this number: nothing to learn now; it goes to the back of the queue.
          if (await markTrackingChecked(services, row)) summary.notFound += 1;
          else summary.skipped += 1;
          continue;
        }
        // Unavailable, rate limited (429), or refused (key, address): asking again now will not help.
        return stop(api.id, `${err.code}: ${err.logMessage}`, rows.length - i);
      }
      const updated = await storeProviderTracking(services, row, tracking);
      if (!updated) {
        summary.skipped += 1;
        continue;
      }
      summary.updated += 1;
      if (updated.deliveryStatus !== row.deliveryStatus) summary.statusChanged += 1;
    }
  };

  const runs = [...groups.values()].map((rows) => {
    const apiId = providerApiOf(rows[0] as OrderRow).id;
    const api = apiById.get(apiId);
    // Deleted between the two reads: the orders are not due any more (dueOrders leaves them out next time).
    if (!api) {
      stop(apiId, 'api config deleted', rows.length);
      return Promise.resolve();
    }
    return runApi(api, rows);
  });
  const results = await Promise.allSettled(runs);
  const failure = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failure) throw failure.reason;
  return summary;
}
