import { bulkQueries } from '@labeldesk/api-client';
import { BULK_POLL_MS, type BulkOrder } from '@labeldesk/contracts';
import { useQuery } from '@labeldesk/ui';
import { useCallback, useEffect, useRef, useState } from 'react';
import { TRACKER_PAGE_SIZE, trackerStep } from './bulk-order';

export interface BulkTracker {
  /** The customer's bulk orders still being bought, with their progress (newest first). */
  running: BulkOrder[];
  /** Starts following a bulk order just created (its creation invalidated the history: it is read at once). */
  follow: (bulkOrderId: string) => void;
}

/**
 * Follows the customer's running bulk orders (SPEC §4: polled every 3 s). The state lives on the server, not in this
 * screen: on mount the latest bulk orders are read and every one still processing is followed, so leaving the page and
 * coming back (or reloading it) shows the same progress. The poll is the history query's refetchInterval, on while
 * anything is followed and off when nothing runs. `onFinished` gets the followed bulk orders that ended since the last
 * answer.
 */
export function useBulkTracker(onFinished: (finished: BulkOrder[]) => void): BulkTracker {
  const [running, setRunning] = useState<BulkOrder[]>([]);
  const [polling, setPolling] = useState(false);
  const tracked = useRef<Set<string>>(new Set());
  const finishedRef = useRef(onFinished);
  finishedRef.current = onFinished;

  const latest = useQuery({
    ...bulkQueries.history({ page: 1, limit: TRACKER_PAGE_SIZE }),
    // Always read on mount (progress must be current); a failed poll is tried again on the next tick.
    staleTime: 0,
    retry: false,
    refetchInterval: polling ? BULK_POLL_MS : false,
    refetchIntervalInBackground: true,
  });

  useEffect(() => {
    if (!latest.data) return;
    const step = trackerStep(tracked.current, latest.data.bulkOrders);
    tracked.current = step.tracked;
    setRunning(step.running);
    setPolling(step.tracked.size > 0);
    if (step.finished.length > 0) finishedRef.current(step.finished);
  }, [latest.data]);

  const follow = useCallback((bulkOrderId: string) => {
    tracked.current.add(bulkOrderId);
    setPolling(true);
  }, []);

  return { running, follow };
}
