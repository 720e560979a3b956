/**
 * The body of a block driven by one query: a spinner until the first answer, the failure with Try Again (SPEC §8
 * texts), an empty state, or the answer, kept under a loading overlay while another request runs (a new period, page
 * or filter with keepPreviousData, a refresh). ListScreen draws its rows with it; screens that are not a list (the admin
 * overview, the margins page) use it directly.
 *
 * Usage:
 *   const stats = useQuery({ ...adminOrderQueries.labelStats(period), placeholderData: keepPreviousData });
 *   <QueryBody result={stats} testIdPrefix="label-stats" loadingLabel="Loading label statistics..."
 *     errorTitle={(e) => errorMessage(e, STATS_LOAD_FAILED)}>
 *     {(data) => <StatsCards stats={data} />}
 *   </QueryBody>
 * Test ids: `${testIdPrefix}-error` (the failure), `${testIdPrefix}-empty` (the empty state).
 */
import { Box, LoadingOverlay } from '@mantine/core';
import type { ReactNode } from 'react';
import { type QueryProgress, queryPhase } from './query-phase';
import { ErrorState, LoadingState } from './states';

export interface QueryBodyProps<T> {
  result: QueryProgress<T> & { error: Error | null; refetch: () => unknown };
  testIdPrefix: string;
  loadingLabel: string;
  /** The heading of the failure, e.g. `(e) => errorMessage(e, 'Failed to load orders')`. */
  errorTitle: (error: Error) => string;
  /** Text under the failure's heading (e.g. the server's reason: `(e) => errorMessage(e, 'Failed to load FAQs')`). */
  errorMessage?: string | ((error: Error) => string);
  /** Whether an answer has nothing to show (then `empty` shows instead of `children`). */
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  /** Cover the answer with the loading overlay while another request runs (default); off for a polled query. */
  refetchOverlay?: boolean;
  /**
   * Keep the last answer on screen when a later request fails, instead of the failure (for a screen whose Refresh
   * reports its own failure beside the list, e.g. the provider screens); a first load that failed still shows it.
   */
  keepDataOnError?: boolean;
  children: (data: T) => ReactNode;
}

export function QueryBody<T>(props: QueryBodyProps<T>) {
  const { result, testIdPrefix: id } = props;
  const { phase, overlay } = queryPhase(result, props.isEmpty, { keepDataOnError: props.keepDataOnError ?? false });
  let body: ReactNode;
  if (phase === 'failed') {
    const error = result.error ?? new Error('Request failed');
    body = (
      <Box data-testid={`${id}-error`}>
        <ErrorState
          title={props.errorTitle(error)}
          message={typeof props.errorMessage === 'function' ? props.errorMessage(error) : props.errorMessage}
          onRetry={() => void result.refetch()}
        />
      </Box>
    );
  } else if (phase === 'loading' || result.data === undefined) {
    body = <LoadingState label={props.loadingLabel} />;
  } else if (phase === 'empty') {
    body = <Box data-testid={`${id}-empty`}>{props.empty}</Box>;
  } else {
    body = props.children(result.data);
  }
  return (
    <Box pos="relative">
      <LoadingOverlay visible={overlay && props.refetchOverlay !== false} zIndex={10} overlayProps={{ blur: 1 }} />
      {body}
    </Box>
  );
}
