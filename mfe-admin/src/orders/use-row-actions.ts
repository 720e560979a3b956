import { useRef, useState } from 'react';
import { type RowBusy, type RowBusyCell, runRowAction } from './label-actions';

/**
 * Per-row actions of an admin table (All Orders, Bulk Orders, a bulk order's Individual Orders): which rows are busy,
 * the last action's failure text, and `run(rowId, action, work)` (runRowAction: a busy row ignores further clicks).
 */
export function useRowActions<A extends string>() {
  const [busy, setBusy] = useState<RowBusy<A>>({});
  const [error, setError] = useState<string | null>(null);
  // Mirrors `busy` so two clicks in one tick cannot both start on the same row.
  const cell = useRef<RowBusyCell<A>>({ current: {}, publish: setBusy });
  const run = (rowId: string, action: A, work: () => Promise<string | null | undefined>) =>
    runRowAction(cell.current, setError, rowId, action, work);
  return { busy, error, setError, run };
}
