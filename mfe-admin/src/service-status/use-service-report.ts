import { errorMessage, type QuerySpec } from '@labeldesk/api-client';
import type { Carrier, ServiceReportRequest, ShippingApiConfig } from '@labeldesk/contracts';
import { useFlash, useQuery } from '@labeldesk/ui';
import { useEffect, useMemo, useRef, useState } from 'react';
import { pruneSelection, RERUN_DELAY_MS, reportRequest, toggleSelection } from './service-report';

interface ServiceReportOptions<R> {
  apis: ShippingApiConfig[];
  /** The report's query (serviceReportQueries.updates / .cleanup) for the current API list. */
  query: (body: ServiceReportRequest) => QuerySpec<R>;
  /** The report's selectable rows: only selections that still name one count (a re-run may drop rows). */
  rows: (report: R | null) => ReadonlyArray<{ apiId: string; carrier: Carrier; serviceCode: string }>;
  /** SPEC §8 text when the report cannot be fetched. */
  loadFailed: string;
  /** Run the report as soon as the tab mounts (New Services) or only on request (Cleanup). */
  runOnMount: boolean;
}

/**
 * What the Service Report tabs share: the report (a query asked again on every opening, Refresh / Scan and 1 s after a
 * change; never served from an earlier opening), the row selection, and applying the selection (busy flag, error, a
 * success that clears after 3 s, the report again 1 s later). The API list follows by itself: add / remove services are
 * providerMutations.
 */
export function useServiceReport<R>({ apis, query, rows, loadFailed, runOnMount }: ServiceReportOptions<R>) {
  const result = useQuery({ ...query(reportRequest(apis)), staleTime: 0, gcTime: 0, enabled: runOnMount });
  const report = result.data ?? null;
  const loadError = result.error && !result.isFetching ? errorMessage(result.error, loadFailed) : null;
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  // biome-ignore lint/correctness/useExhaustiveDependencies: `rows` is a pure function of the report.
  const selected = useMemo(() => pruneSelection(chosen, rows(report)), [chosen, report]);
  const [applying, setApplying] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [success, showSuccess, clearSuccess] = useFlash();
  const rerun = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const { refetch } = result;

  useEffect(() => () => clearTimeout(rerun.current), []);

  const run = () => {
    clearTimeout(rerun.current);
    void refetch();
  };

  const toggle = (key: string, on: boolean) => setChosen(toggleSelection(selected, key, on));

  /**
   * Sends the selection: on success clears it, shows `succeeded(result)` and runs the report again 1 s later; on
   * failure shows the server's message or `failed`. `settle` runs first either way (e.g. closing a confirm dialog).
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
      settle();
      setChosen(new Set());
      showSuccess(succeeded(res));
      clearTimeout(rerun.current);
      rerun.current = setTimeout(() => void refetch(), RERUN_DELAY_MS);
    } catch (e) {
      settle();
      setError(errorMessage(e, failed));
    } finally {
      setApplying(false);
    }
  };

  /** A selection that cannot be sent (SPEC §5 'No services selected'). */
  const reject = (message: string) => {
    clearSuccess();
    setError(message);
  };

  return {
    report,
    running: result.isFetching,
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
