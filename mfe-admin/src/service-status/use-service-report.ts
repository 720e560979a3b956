import { errorMessage } from '@labeldesk/api-client';
import type { Carrier, ServiceReportRequest, ShippingApiConfig } from '@labeldesk/contracts';
import { useFlash } from '@labeldesk/ui';
import { useCallback, useEffect, useRef, useState } from 'react';
import { pruneSelection, RERUN_DELAY_MS, reportRequest, toggleSelection } from './service-report';

interface ServiceReportOptions<R> {
  apis: ShippingApiConfig[];
  /** Runs the report for the current API list. */
  fetch: (body: ServiceReportRequest) => Promise<R>;
  /** The report's selectable rows: a re-run keeps only selections that still name one. */
  rows: (report: R) => ReadonlyArray<{ apiId: string; carrier: Carrier; serviceCode: string }>;
  /** SPEC §8 text when the report cannot be fetched. */
  loadFailed: string;
  /** Run the report as soon as the tab mounts (New Services) or only on request (Cleanup). */
  runOnMount: boolean;
  /** Services were added or removed: the page reloads its configs. */
  onChanged: () => void;
}

/**
 * What the Service Report tabs share: the report and its run (busy flag, load error), the row selection, and applying
 * the selection (busy flag, error, a success that clears after 3 s, the report again 1 s later). State is not touched
 * once the tab has unmounted.
 */
export function useServiceReport<R>({ apis, fetch, rows, loadFailed, runOnMount, onChanged }: ServiceReportOptions<R>) {
  const [report, setReport] = useState<R | null>(null);
  const [running, setRunning] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [applying, setApplying] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [success, showSuccess, clearSuccess] = useFlash();
  const latest = useRef({ apis, fetch, rows, loadFailed });
  latest.current = { apis, fetch, rows, loadFailed };
  const rerun = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const alive = useRef(true);

  const run = useCallback(async () => {
    const { apis: current, fetch: fetchReport, rows: rowsOf, loadFailed: failed } = latest.current;
    setRunning(true);
    setLoadError(null);
    try {
      const res = await fetchReport(reportRequest(current));
      if (!alive.current) return;
      setReport(res);
      setSelected((chosen) => pruneSelection(chosen, rowsOf(res)));
    } catch (e) {
      if (alive.current) setLoadError(errorMessage(e, failed));
    } finally {
      if (alive.current) setRunning(false);
    }
  }, []);

  useEffect(() => {
    alive.current = true;
    if (runOnMount) void run();
    return () => {
      alive.current = false;
      clearTimeout(rerun.current);
    };
  }, [run, runOnMount]);

  const toggle = useCallback((key: string, on: boolean) => setSelected((s) => toggleSelection(s, key, on)), []);

  /**
   * Sends the selection: on success clears it, shows `succeeded(result)`, tells the page and runs the report again
   * 1 s later; on failure shows the server's message or `failed`. `settle` runs first either way (e.g. closing a
   * confirm dialog).
   */
  const apply = async <T>(
    call: () => Promise<T>,
    succeeded: (result: T) => string,
    failed: string,
    settle: () => void = () => {},
  ) => {
    setApplying(true);
    setError(null);
    try {
      const res = await call();
      if (!alive.current) return;
      settle();
      setSelected(new Set());
      showSuccess(succeeded(res));
      onChanged();
      clearTimeout(rerun.current);
      rerun.current = setTimeout(() => void run(), RERUN_DELAY_MS);
    } catch (e) {
      if (!alive.current) return;
      settle();
      setError(errorMessage(e, failed));
    } finally {
      if (alive.current) setApplying(false);
    }
  };

  /** A selection that cannot be sent (SPEC §5 'No services selected'). */
  const reject = (message: string) => {
    clearSuccess();
    setError(message);
  };

  return {
    report,
    running,
    loadError,
    selected,
    toggle,
    applying,
    apply,
    error,
    setError,
    reject,
    success,
    run,
  };
}
