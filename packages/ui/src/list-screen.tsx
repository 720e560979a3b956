/**
 * The list-screen building block: title (+ Refresh), filters (search / status / From–To, SPEC §5 rules), a table with a
 * loading overlay, empty states, pagination 10/25/50/100 with 'Page X of Y', and a failure with Try Again — driven by
 * one TanStack query.
 *
 * Usage:
 *   const list = useListScreen({
 *     request: ({ page, limit, filters }) => checkedListQuery(BulkHistoryQuery, { page, limit }, filters),
 *     query: bulkQueries.history,                     // (q) => { queryKey, queryFn } from @labeldesk/api-client
 *   });
 *   <ListScreen
 *     list={list} testIdPrefix="bulk-history" title="Bulk Order History"
 *     filters={{ searchPlaceholder: 'Search by bulk order ID...' }}
 *     loadingLabel="Loading bulk orders..." errorTitle={(e) => errorMessage(e, BULK_MESSAGES.loadFailed)}
 *     empty={<EmptyState title="No Bulk Orders Found" />}
 *     pagination={{ totalPages: (d) => d.totalPages }}
 *     table={{
 *       testId: 'bulk-history-table', minWidth: 820,
 *       columns: [{ label: 'Bulk Order ID' }, { label: 'Total Price', align: 'right' }],
 *       rows: (d) => d.bulkOrders,
 *       row: (bulk) => <Table.Tr key={bulk._id}>…</Table.Tr>,
 *     }}
 *   />
 * (or `children={(data) => …}` with `isEmpty` for a screen that is not one table.)
 * Test ids: `${testIdPrefix}-search|-from|-to|-clear|-filter-error|-status` (filters), `-empty`, `-error`, `-refresh`,
 * `-page-size|-pagination|-page-label` (pagination).
 */
import { Button, Group, Paper, Select, Stack, Table, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, type UseQueryResult, useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { hasListFilters, LIST_SEARCH_DEBOUNCE_MS, type ListFilterValues } from './list-filter-values';
import { ListFilters, type ListFiltersProps } from './list-filters';
import { ListPagination } from './list-pagination';
import { QueryBody } from './query-body';
import { PageHeader } from './states';
import { usePageFor } from './use-page-for';

/** SPEC §9: items per page offered under every paged list. */
export const LIST_PAGE_SIZES = [10, 25, 50, 100] as const;

/** A list request checked against its contract (e.g. `checkedListQuery`): the query, or why it cannot be sent. */
export type CheckedRequest<Q> = { ok: true; query: Q } | { ok: false; error: string };

/** The query options a resource module hands out for one request (see @labeldesk/api-client queries). */
export interface ListQuerySpec<T> {
  queryKey: readonly unknown[];
  queryFn: (context: { signal: AbortSignal }) => Promise<T>;
}

export interface ListScreenOptions<Q, T> {
  /** Builds (and checks) the request from the page, page size, applied filters and status. */
  request: (state: { page: number; limit: number; filters: ListFilterValues; status: string }) => CheckedRequest<Q>;
  /** The query for a request: a resource module's fetcher, e.g. `orderQueries.list`. */
  query: (request: Q) => ListQuerySpec<T>;
  /** First page size (default 10). */
  pageSize?: number;
  /** The status filter's value meaning "everything" (default 'all'); Clear Filters goes back to it. */
  allStatus?: string;
  /** The status the screen opens with (e.g. from a link's `?status=`); default `allStatus`. */
  initialStatus?: string;
  /** Polls while this returns a number of ms (e.g. while a row is still processing); false stops. */
  refetchInterval?: (data: T | undefined) => number | false;
}

export interface ListScreenState<T> {
  /** What the controls show now. */
  values: ListFilterValues;
  /** What the list asks for: the debounced, trimmed search and the dates. */
  applied: ListFilterValues;
  /** Any filter set in the controls, or a status other than "all" (enables Clear Filters). */
  active: boolean;
  /** Any filter in the request (an empty page then means "nothing matches", not "nothing yet"). */
  appliedActive: boolean;
  status: string;
  setStatus: (status: string) => void;
  /** Empties the search box and both dates, status back to "all". */
  clear: () => void;
  page: number;
  setPage: (page: number) => void;
  limit: number;
  setLimit: (limit: number) => void;
  /** Why the filters cannot be sent (the contract's text), or null. The last good answer stays meanwhile. */
  filterError: string | null;
  /** The query behind the screen: data, isFetching, error, refetch. */
  result: UseQueryResult<T>;
  /** Spread into <ListFilters>. */
  controls: Pick<
    ListFiltersProps,
    'search' | 'onSearch' | 'from' | 'to' | 'onFrom' | 'onTo' | 'onClear' | 'clearDisabled'
  >;
}

/**
 * The state of a list screen: filters (search debounced 300 ms), status, page (back to 1 when any of them or the page
 * size changes), and the query for the checked request. While the filters are invalid the last answer stays on screen
 * and nothing is asked; a new request keeps the previous rows under the loading overlay.
 */
export function useListScreen<Q, T>(options: ListScreenOptions<Q, T>): ListScreenState<T> {
  const allStatus = options.allStatus ?? 'all';
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, LIST_SEARCH_DEBOUNCE_MS);
  const [from, setFrom] = useState<string | null>(null);
  const [to, setTo] = useState<string | null>(null);
  const [status, setStatus] = useState(options.initialStatus ?? allStatus);
  const [limit, setLimit] = useState(options.pageSize ?? 10);

  const values = { search, from, to };
  const applied = { search: debouncedSearch.trim(), from, to };
  const [page, setPage] = usePageFor(JSON.stringify([applied, status, limit]));
  const checked = options.request({ page, limit, filters: applied, status });

  // The last request that passed its checks: asked while valid, kept (with its answer) while the filters are not.
  const [lastGood, setLastGood] = useState<Q | null>(checked.ok ? checked.query : null);
  if (checked.ok && JSON.stringify(checked.query) !== JSON.stringify(lastGood)) setLastGood(checked.query);
  const request = checked.ok ? checked.query : lastGood;

  const spec = request === null ? null : options.query(request);
  const interval = options.refetchInterval;
  const result = useQuery<T>({
    queryKey: spec?.queryKey ?? ['list-screen', 'not-sent'],
    queryFn: spec?.queryFn ?? (() => Promise.reject(new Error('No valid request'))),
    enabled: spec !== null,
    placeholderData: keepPreviousData,
    refetchInterval: interval ? (q) => interval(q.state.data) : false,
  });

  const clear = () => {
    setSearch('');
    setFrom(null);
    setTo(null);
    setStatus(allStatus);
  };
  const active = hasListFilters(values) || status !== allStatus;
  return {
    values,
    applied,
    active,
    appliedActive: hasListFilters(applied) || status !== allStatus,
    status,
    setStatus,
    clear,
    page,
    setPage,
    limit,
    setLimit,
    filterError: checked.ok ? null : checked.error,
    result,
    controls: {
      search,
      onSearch: setSearch,
      from,
      to,
      onFrom: setFrom,
      onTo: setTo,
      onClear: clear,
      clearDisabled: !active,
    },
  };
}

/** A column of a ListScreen table: its heading, right-aligned (amounts) or kept on one line. */
export interface ListColumn {
  label: ReactNode;
  align?: 'right';
  nowrap?: boolean;
}

/** The table of a list screen: ListScreen draws the scroll container, the table and its heading row. */
export interface ListTable<T, R> {
  /** Test id of the <table>. */
  testId: string;
  /** Below this width the table scrolls sideways. */
  minWidth: number;
  columns: readonly ListColumn[];
  /** The rows of an answer; an empty list shows `empty`. */
  rows: (data: T) => readonly R[];
  /** One row: a <Table.Tr> with its key. */
  row: (item: R) => ReactNode;
}

export interface ListScreenProps<T, R = unknown> {
  list: ListScreenState<T>;
  /** Prefix of every test id (see the module's note). */
  testIdPrefix: string;
  /** Test id of the whole block. */
  testId?: string;
  title: ReactNode;
  /**
   * 'page': the page's heading (PageHeader with description and actions) over a bordered block; 'section' (default):
   * a bordered block with a smaller heading inside.
   */
  variant?: 'page' | 'section';
  description?: string;
  /** A Refresh button beside the title (refetches behind the overlay; test id `${testIdPrefix}-refresh`). */
  refreshable?: boolean;
  /** More buttons beside the title. */
  actions?: ReactNode;
  /** Between the heading and the filters (tabs, stat cards). */
  above?: ReactNode;
  /** The search box and dates; leave out for a list without filters. */
  filters?: Omit<ListFiltersProps, 'testIdPrefix' | keyof ListScreenState<T>['controls'] | 'error'>;
  /** A status select among the filters (test id `${testIdPrefix}-status`). */
  statusFilter?: { label: string; options: ReadonlyArray<{ value: string; label: string }> };
  loadingLabel: string;
  /** The heading of the failure (SPEC §8 texts, e.g. errorMessage(e, 'Failed to load orders')). */
  errorTitle: (error: Error) => string;
  /** Text under the failure's heading. */
  errorMessage?: string;
  /** Whether an answer has nothing to show (default: `table.rows(data)` is empty). */
  isEmpty?: (data: T) => boolean;
  /** What an empty answer shows; gets whether filters narrowed it. */
  empty: ReactNode | ((filtered: boolean) => ReactNode);
  /** The rows as a table (the usual case)... */
  table?: ListTable<T, R>;
  /** ...or anything else drawn from the answer. */
  children?: (data: T) => ReactNode;
  /** Under the rows and above the pagination (counts). */
  footer?: (data: T) => ReactNode;
  /** Items per page + First/Prev/'Page X of Y'/Next/Last; hidden while the list is empty. */
  pagination?: {
    totalPages: (data: T) => number;
    pageSizes?: readonly number[];
    firstLast?: boolean;
    previousLabel?: string;
  };
}

function renderTable<T, R>(table: ListTable<T, R>, data: T): ReactNode {
  return (
    <Table.ScrollContainer minWidth={table.minWidth}>
      <Table verticalSpacing="xs" highlightOnHover data-testid={table.testId}>
        <Table.Thead>
          <Table.Tr>
            {table.columns.map((column, i) => (
              <Table.Th
                // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed for the screen.
                key={i}
                ta={column.align}
                style={column.nowrap ? { whiteSpace: 'nowrap' } : undefined}
              >
                {column.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{table.rows(data).map(table.row)}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Renders a list screen from its useListScreen state. */
export function ListScreen<T, R = unknown>(props: ListScreenProps<T, R>) {
  const { list, testIdPrefix: id } = props;
  const { table } = props;
  const isEmpty = (data: T) => (props.isEmpty ? props.isEmpty(data) : table ? table.rows(data).length === 0 : false);
  const { result } = list;
  const data = result.data;

  const showRows = data !== undefined && !result.isError;
  const totalPages = showRows && props.pagination ? Math.max(1, props.pagination.totalPages(data)) : 1;

  const refresh = props.refreshable ? (
    <Button
      variant="default"
      onClick={() => void result.refetch()}
      loading={result.isFetching && showRows}
      data-testid={`${id}-refresh`}
    >
      Refresh
    </Button>
  ) : null;
  const actions =
    refresh || props.actions ? (
      <Group gap="sm">
        {props.actions}
        {refresh}
      </Group>
    ) : null;

  const content = (
    <Stack gap="md">
      {props.variant === 'page' ? null : (
        <Group justify="space-between" wrap="wrap">
          <Title order={3} size="h4">
            {props.title}
          </Title>
          {actions}
        </Group>
      )}
      {props.above}
      {props.filters ? (
        <ListFilters testIdPrefix={id} {...props.filters} {...list.controls} error={list.filterError}>
          {props.statusFilter ? (
            <Select
              label={props.statusFilter.label}
              data={props.statusFilter.options.map((o) => ({ value: o.value, label: o.label }))}
              value={list.status}
              allowDeselect={false}
              onChange={(v) => v !== null && list.setStatus(v)}
              w={170}
              data-testid={`${id}-status`}
            />
          ) : null}
          {props.filters.children}
        </ListFilters>
      ) : null}
      <QueryBody
        result={result}
        testIdPrefix={id}
        loadingLabel={props.loadingLabel}
        errorTitle={props.errorTitle}
        errorMessage={props.errorMessage}
        isEmpty={isEmpty}
        empty={typeof props.empty === 'function' ? props.empty(list.appliedActive) : props.empty}
      >
        {(answer) => (table ? renderTable(table, answer) : props.children?.(answer))}
      </QueryBody>
      {showRows && props.footer ? props.footer(data) : null}
      {showRows && props.pagination && !isEmpty(data) ? (
        <ListPagination
          testIdPrefix={id}
          page={Math.min(list.page, totalPages)}
          totalPages={totalPages}
          onPage={list.setPage}
          pageSize={list.limit}
          pageSizes={props.pagination.pageSizes ?? LIST_PAGE_SIZES}
          onPageSize={list.setLimit}
          firstLast={props.pagination.firstLast}
          previousLabel={props.pagination.previousLabel}
          disabled={result.isFetching}
        />
      ) : null}
    </Stack>
  );

  if (props.variant === 'page') {
    return (
      <Stack gap={0} data-testid={props.testId}>
        <PageHeader
          title={typeof props.title === 'string' ? props.title : ''}
          description={props.description}
          actions={actions}
        />
        <Paper withBorder p="md">
          {content}
        </Paper>
      </Stack>
    );
  }
  return (
    <Paper withBorder p="md" data-testid={props.testId}>
      {content}
    </Paper>
  );
}
