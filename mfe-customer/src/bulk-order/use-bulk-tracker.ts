import { api } from '@labeldesk/api-client';
import { BULK_POLL_MS, type BulkOrder } from '@labeldesk/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { TRACKER_PAGE_SIZE, trackerStep } from './bulk-order';

export interface BulkTracker {
  /** The customer's bulk orders still being bought, with their progress (newest first). */
  running: BulkOrder[];
  /** Starts following a bulk order just created (polled at once, then every 3 s). */
  follow: (bulkOrderId: string) => void;
}

/**
 * Follows the customer's running bulk orders (SPEC §4: polled every 3 s). The state lives on the server, not in this
 * screen: on mount the latest bulk orders are read and every one still processing is followed, so leaving the page and
 * coming back (or reloading it) shows the same progress. Polling stops when nothing runs. `onFinished` gets the
 * followed bulk orders that ended since the last poll.
 */
export function useBulkTracker(onFinished: (finished: BulkOrder[]) => void): BulkTracker {
  const [running, setRunning] = useState<BulkOrder[]>([]);
  const tracked = useRef<Set<string>>(new Set());
  const finishedRef = useRef(onFinished);
  finishedRef.current = onFinished;
  const [wake, setWake] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `wake` restarts the loop at once (a bulk order was just created).
  useEffect(() => {
    let active = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const res = await api.bulk.history({ page: 1, limit: TRACKER_PAGE_SIZE });
        if (!active) return;
        const step = trackerStep(tracked.current, res.bulkOrders);
        tracked.current = step.tracked;
        setRunning(step.running);
        if (step.finished.length > 0) finishedRef.current(step.finished);
      } catch {
        // A failed poll is tried again on the next tick; the bar keeps its last value meanwhile.
        if (!active) return;
      }
      if (tracked.current.size > 0) timer = setTimeout(poll, BULK_POLL_MS);
    };
    void poll();
    return () => {
      active = false;
      clearTimeout(timer);
    };
  }, [wake]);

  const follow = useCallback((bulkOrderId: string) => {
    tracked.current.add(bulkOrderId);
    setWake((n) => n + 1);
  }, []);

  return { running, follow };
}
