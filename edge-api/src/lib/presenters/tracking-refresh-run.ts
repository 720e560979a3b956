import type { TrackingRefreshRun } from '@labeldesk/contracts';
import type { TrackingRefreshRunRow } from '../../db/schema';

/** A tracking_refresh_runs row as the API shows it (SPEC §7 stats; duration in seconds, one decimal). */
export function presentTrackingRefreshRun(row: TrackingRefreshRunRow, nowMs: number): TrackingRefreshRun {
  const endMs = row.finishedMs ?? nowMs;
  return {
    runId: row.id,
    userId: row.userId,
    status: row.status,
    batchDelay: row.batchDelayMs,
    requestDelay: row.requestDelayMs,
    forceAll: row.forceAll,
    processed: row.processed,
    startedAt: row.startedAt,
    finishedAt: row.finishedAt,
    error: row.lastError,
    stats: {
      totalOrders: row.totalOrders,
      updated: row.updated,
      newlyDelivered: row.newlyDelivered,
      pending: row.pending,
      inTransit: row.inTransit,
      delivered: row.delivered,
      exception: row.exception,
      cancelled: row.cancelled,
      errors: row.errors,
      statusChanges: JSON.parse(row.statusChangesJson) as { orderId: string; from: string; to: string }[],
      duration: Math.max(0, Math.round((endMs - row.startedMs) / 100) / 10),
    },
  };
}
