import { api, errorMessage } from '@labeldesk/api-client';
import { type BulkOrder, bulkStatusColor, bulkStatusLabel } from '@labeldesk/contracts';
import {
  Alert,
  Badge,
  Box,
  Button,
  EmailText,
  EmptyState,
  ErrorState,
  formatUsd,
  Group,
  IdText,
  ListFilters,
  ListPagination,
  LoadingOverlay,
  Stack,
  Table,
  Text,
  useListFilterState,
  usePageFor,
  useRemoteList,
} from '@labeldesk/ui';
import { type ReactNode, useRef, useState } from 'react';
import { BulkOrderDetailsModal } from './BulkOrderDetailsModal';
import { browserBulkDeps } from './browser-label-deps';
import {
  adminBulkQuery,
  BULK_ORDERS_LOAD_FAILED,
  BULK_SEARCH_PLACEHOLDER,
  type BulkAction,
  bulkCountText,
  bulkEmptyState,
  downloadAllLabels,
  downloadTrackings,
} from './bulk-actions';
import { endBusy, type RowBusy, startBusy } from './label-actions';
import { dateParts } from './order-format';
import { DEFAULT_ORDER_PAGE_SIZE, ORDER_PAGE_SIZES } from './order-query';

const COLUMNS = ['Bulk Order ID', 'Date', 'User', 'Order Count', 'Total Price', 'Status', 'Actions'] as const;

/**
 * SPEC §2 All Orders → Bulk Orders: search by bulk order id, From/To dates, the table (view details, download all
 * labels, download trackings CSV, each row busy while an action runs), the loading overlay, empty states and
 * pagination — the same building blocks as the Individual Orders tab. `reloadKey` moves on the header's Refresh.
 */
export function BulkOrdersTab({ reloadKey }: { reloadKey: number }) {
  const filters = useListFilterState();
  const [limit, setLimit] = useState<number>(DEFAULT_ORDER_PAGE_SIZE);
  const [page, setPage] = usePageFor(JSON.stringify([filters.applied, limit]));
  const query = adminBulkQuery(filters.applied, page, limit);
  const { state, fetching, retry } = useRemoteList(
    query.ok ? query.query : null,
    (q) => api.adminBulk.list(q),
    (e) => errorMessage(e, BULK_ORDERS_LOAD_FAILED),
    reloadKey,
  );

  const [busy, setBusy] = useState<RowBusy<BulkAction>>({});
  const busyRef = useRef<RowBusy<BulkAction>>({});
  const [actionError, setActionError] = useState<string | null>(null);
  const [viewing, setViewing] = useState<BulkOrder | null>(null);

  const runAction = async (bulk: BulkOrder, action: BulkAction) => {
    const started = startBusy(busyRef.current, bulk._id, action);
    if (!started) return;
    busyRef.current = started;
    setBusy(started);
    setActionError(null);
    try {
      const failure =
        action === 'labels'
          ? await downloadAllLabels(bulk._id, browserBulkDeps)
          : await downloadTrackings(bulk._id, browserBulkDeps);
      if (failure) setActionError(failure);
    } finally {
      busyRef.current = endBusy(busyRef.current, bulk._id);
      setBusy(busyRef.current);
    }
  };

  const totalPages = state.kind === 'ready' ? Math.max(1, state.data.totalPages) : 1;
  let body: ReactNode;
  if (state.kind === 'loading') {
    body = <Box mih={200} />;
  } else if (state.kind === 'failed') {
    body = (
      <Box data-testid="admin-bulk-error">
        <ErrorState title={state.message} onRetry={retry} />
      </Box>
    );
  } else if (state.data.bulkOrders.length === 0) {
    const empty = bulkEmptyState(filters.appliedActive);
    body = (
      <Box data-testid="admin-bulk-empty">
        <EmptyState title={empty.title}>{empty.message}</EmptyState>
      </Box>
    );
  } else {
    body = (
      <Table.ScrollContainer minWidth={900}>
        <Table verticalSpacing="sm" highlightOnHover data-testid="admin-bulk-table">
          <Table.Thead>
            <Table.Tr>
              {COLUMNS.map((column) => (
                <Table.Th
                  key={column}
                  ta={column === 'Total Price' || column === 'Order Count' ? 'right' : undefined}
                  style={{ whiteSpace: 'nowrap' }}
                >
                  {column}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {state.data.bulkOrders.map((bulk) => {
              const created = dateParts(bulk.createdAt);
              const rowBusy = busy[bulk._id];
              return (
                <Table.Tr key={bulk._id} data-testid="admin-bulk-row" data-bulk-id={bulk.bulkOrderId}>
                  <Table.Td>
                    <IdText testId="admin-bulk-id">{bulk.bulkOrderId}</IdText>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Text size="sm">{created.day}</Text>
                    <Text size="xs" c="dimmed">
                      {created.time}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" fw={600} data-testid="admin-bulk-user-name">
                      {bulk.userName}
                    </Text>
                    <EmailText email={bulk.userEmail ?? ''} />
                  </Table.Td>
                  <Table.Td ta="right" data-testid="admin-bulk-count">
                    {bulk.orderCount}
                    {bulk.failedOrderCount > 0 ? (
                      <Text size="xs" c="red">
                        {bulk.failedOrderCount} failed
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td ta="right" fw={600} style={{ whiteSpace: 'nowrap' }} data-testid="admin-bulk-total">
                    {formatUsd(bulk.totalPrice)}
                  </Table.Td>
                  <Table.Td>
                    <Badge color={bulkStatusColor(bulk.status)} variant="light" data-testid="admin-bulk-status">
                      {bulkStatusLabel(bulk.status)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Button
                        size="compact-xs"
                        variant="light"
                        onClick={() => setViewing(bulk)}
                        aria-label={`View details of bulk order ${bulk.bulkOrderId}`}
                        data-testid="admin-bulk-view"
                      >
                        View
                      </Button>
                      <Button
                        size="compact-xs"
                        variant="light"
                        color="teal"
                        onClick={() => void runAction(bulk, 'labels')}
                        loading={rowBusy === 'labels'}
                        disabled={!bulk.hasLabels || rowBusy !== undefined}
                        title={bulk.hasLabels ? undefined : 'No labels yet'}
                        aria-label={`Download all labels of bulk order ${bulk.bulkOrderId}`}
                        data-testid="admin-bulk-labels"
                      >
                        All Labels
                      </Button>
                      <Button
                        size="compact-xs"
                        variant="light"
                        color="gray"
                        onClick={() => void runAction(bulk, 'trackings')}
                        loading={rowBusy === 'trackings'}
                        disabled={rowBusy !== undefined}
                        aria-label={`Download trackings CSV of bulk order ${bulk.bulkOrderId}`}
                        data-testid="admin-bulk-trackings"
                      >
                        Trackings CSV
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }

  return (
    <Stack gap="md">
      <ListFilters
        testIdPrefix="admin-bulk"
        searchPlaceholder={BULK_SEARCH_PLACEHOLDER}
        searchClearable
        {...filters.controls}
        error={query.ok ? null : query.error}
        clearLabel="Clear All Filters"
      />
      {actionError ? (
        <Alert
          color="red"
          variant="light"
          role="alert"
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setActionError(null)}
          data-testid="admin-bulk-action-error"
        >
          {actionError}
        </Alert>
      ) : null}
      <Group justify="space-between" mih={20}>
        <Text size="sm" c="dimmed" data-testid="admin-bulk-total-count">
          {state.kind === 'ready' ? bulkCountText(state.data.totalBulkOrders, filters.appliedActive) : null}
        </Text>
      </Group>
      <Box pos="relative" mih={state.kind === 'ready' && state.data.bulkOrders.length > 0 ? undefined : 200}>
        <LoadingOverlay
          visible={fetching && query.ok}
          zIndex={10}
          overlayProps={{ blur: 1 }}
          data-testid="admin-bulk-loading"
        />
        {body}
      </Box>
      <ListPagination
        testIdPrefix="admin-bulk"
        page={Math.min(page, totalPages)}
        totalPages={totalPages}
        onPage={setPage}
        pageSize={limit}
        pageSizes={ORDER_PAGE_SIZES}
        onPageSize={setLimit}
        previousLabel="Previous"
      />
      <BulkOrderDetailsModal bulk={viewing} onClose={() => setViewing(null)} />
    </Stack>
  );
}
