import { api, errorMessage } from '@labeldesk/api-client';
import type { Order } from '@labeldesk/contracts';
import {
  Alert,
  Box,
  Button,
  EmptyState,
  ErrorState,
  formatLongDateTime,
  Group,
  ListFilters,
  ListPagination,
  LoadingOverlay,
  Paper,
  Select,
  Stack,
  Tabs,
  Text,
  Title,
  useListFilterState,
  usePageFor,
  useRemoteList,
} from '@labeldesk/ui';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { BulkOrdersTab } from './BulkOrdersTab';
import { browserLabelDeps } from './browser-label-deps';
import { downloadLabel, endBusy, type LabelAction, printLabel, type RowBusy, startBusy } from './label-actions';
import { OrderDetailsModal } from './OrderDetailsModal';
import { OrdersTable } from './OrdersTable';
import {
  type AdminStatusFilterValue,
  adminOrderQuery,
  DEFAULT_ORDER_PAGE_SIZE,
  hasOrderFilters,
  isStatusFilter,
  ORDER_PAGE_SIZES,
  ORDER_SEARCH_PLACEHOLDER,
  ORDERS_LOAD_FAILED,
  orderCountText,
  ordersEmptyState,
  STATUS_FILTER_OPTIONS,
} from './order-query';

/** The header's date-time, moved on every 30 s and on Refresh. */
function useNow(): [Date, () => void] {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return [now, () => setNow(new Date())];
}

/**
 * SPEC §2 Admin: All Orders (/admin/orders): header with date-time and Refresh; tabs Individual Orders (search, status
 * and date filters, the table with view details / download / print, pagination) and Bulk Orders (BulkOrdersTab).
 */
export default function AllOrdersPage() {
  const [now, tick] = useNow();
  const [tab, setTab] = useState<string | null>('individual');
  const [bulkReload, setBulkReload] = useState(0);

  const filters = useListFilterState();
  const [status, setStatus] = useState<AdminStatusFilterValue>('all');
  const [limit, setLimit] = useState<number>(DEFAULT_ORDER_PAGE_SIZE);
  // The page belongs to one set of filters and page size: any change starts again from page 1.
  const [page, setPage] = usePageFor(JSON.stringify([filters.applied, status, limit]));
  const query = adminOrderQuery(status, filters.applied, page, limit);
  const list = useRemoteList(
    query.ok ? query.query : null,
    (q) => api.adminOrders.list(q),
    (e) => errorMessage(e, ORDERS_LOAD_FAILED),
  );
  const { state, fetching } = list;

  const [busy, setBusy] = useState<RowBusy>({});
  const [labelError, setLabelError] = useState<string | null>(null);
  const [viewing, setViewing] = useState<Order | null>(null);

  // Refresh moves the header's clock and reloads behind the overlay; Try Again starts over from the loading state.
  const reload = () => {
    tick();
    if (tab === 'bulk') setBulkReload((n) => n + 1);
    else list.reload();
  };
  const retry = () => {
    tick();
    list.retry();
  };

  // Mirrors `busy` so two clicks in one tick cannot both start on the same row.
  const busyRef = useRef<RowBusy>({});
  const runLabelAction = async (order: Order, action: LabelAction) => {
    const started = startBusy(busyRef.current, order._id, action);
    if (!started) return;
    busyRef.current = started;
    setBusy(started);
    setLabelError(null);
    try {
      // Print opens its tab before the first await, while the click still counts as a user gesture.
      if (action === 'print') await printLabel(order._id, browserLabelDeps);
      else {
        const failure = await downloadLabel(order._id, browserLabelDeps);
        if (failure) setLabelError(failure);
      }
    } finally {
      busyRef.current = endBusy(busyRef.current, order._id);
      setBusy(busyRef.current);
    }
  };

  const totalPages = state.kind === 'ready' ? Math.max(1, state.data.totalPages) : 1;
  const current = Math.min(page, totalPages);
  const filtered = hasOrderFilters(filters.active, status);
  const appliedFiltered = hasOrderFilters(filters.appliedActive, status);

  let body: ReactNode;
  if (state.kind === 'loading') {
    body = <Box mih={200} />;
  } else if (state.kind === 'failed') {
    body = (
      <Box data-testid="admin-orders-error">
        <ErrorState title={state.message} onRetry={retry} />
      </Box>
    );
  } else if (state.data.orders.length === 0) {
    const empty = ordersEmptyState(appliedFiltered);
    body = (
      <Box data-testid="admin-orders-empty">
        <EmptyState title={empty.title}>{empty.message}</EmptyState>
      </Box>
    );
  } else {
    body = (
      <OrdersTable
        orders={state.data.orders}
        busy={busy}
        onView={setViewing}
        onDownload={(order) => void runLabelAction(order, 'download')}
        onPrint={(order) => void runLabelAction(order, 'print')}
      />
    );
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm" mb="xs">
        <Stack gap={2}>
          <Title order={2}>All Orders</Title>
          <Text c="dimmed" size="sm" data-testid="admin-orders-datetime">
            {formatLongDateTime(now)}
          </Text>
        </Stack>
        <Button
          variant="light"
          onClick={reload}
          loading={tab !== 'bulk' && fetching && state.kind !== 'loading'}
          disabled={tab !== 'bulk' && !query.ok}
          data-testid="admin-orders-refresh"
        >
          Refresh
        </Button>
      </Group>

      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="individual" data-testid="admin-orders-tab-individual">
            Individual Orders
          </Tabs.Tab>
          <Tabs.Tab value="bulk" data-testid="admin-orders-tab-bulk">
            Bulk Orders
          </Tabs.Tab>
        </Tabs.List>

        <Tabs.Panel value="individual" pt="md">
          <Paper withBorder p="md">
            <Stack gap="md">
              <ListFilters
                testIdPrefix="admin-orders"
                searchPlaceholder={ORDER_SEARCH_PLACEHOLDER}
                searchClearable
                {...filters.controls}
                error={query.ok ? null : query.error}
                onClear={() => {
                  filters.clear();
                  setStatus('all');
                }}
                clearDisabled={!filtered}
                clearLabel="Clear All Filters"
              >
                <Select
                  label="Status"
                  data={STATUS_FILTER_OPTIONS.map((o) => ({ value: o.value, label: o.label }))}
                  value={status}
                  allowDeselect={false}
                  onChange={(value) => {
                    if (isStatusFilter(value)) setStatus(value);
                  }}
                  w={160}
                  data-testid="admin-orders-status"
                />
              </ListFilters>
              {labelError ? (
                <Alert
                  color="red"
                  variant="light"
                  role="alert"
                  withCloseButton
                  onClose={() => setLabelError(null)}
                  data-testid="admin-orders-label-error"
                >
                  {labelError}
                </Alert>
              ) : null}
              <Group justify="space-between" mih={20}>
                <Text size="sm" c="dimmed" data-testid="admin-orders-count">
                  {state.kind === 'ready' ? orderCountText(state.data.totalOrders, appliedFiltered) : null}
                </Text>
              </Group>
              <Box pos="relative" mih={state.kind === 'ready' && state.data.orders.length > 0 ? undefined : 200}>
                <LoadingOverlay
                  visible={fetching && query.ok}
                  zIndex={10}
                  overlayProps={{ blur: 1 }}
                  data-testid="admin-orders-loading"
                />
                {body}
              </Box>
              <ListPagination
                testIdPrefix="admin-orders"
                page={current}
                totalPages={totalPages}
                onPage={setPage}
                pageSize={limit}
                pageSizes={ORDER_PAGE_SIZES}
                onPageSize={setLimit}
                previousLabel="Previous"
              />
            </Stack>
          </Paper>
        </Tabs.Panel>

        <Tabs.Panel value="bulk" pt="md">
          <Paper withBorder p="md" data-testid="admin-orders-bulk-panel">
            <BulkOrdersTab reloadKey={bulkReload} />
          </Paper>
        </Tabs.Panel>
      </Tabs>

      <OrderDetailsModal order={viewing} onClose={() => setViewing(null)} />
    </Stack>
  );
}
