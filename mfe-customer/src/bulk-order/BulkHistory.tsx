import { api, errorMessage } from '@labeldesk/api-client';
import {
  BULK_MESSAGES,
  BulkHistoryQuery,
  type BulkOrder,
  bulkStatusColor,
  bulkStatusLabel,
  checkedListQuery,
  PAGE_SIZES,
} from '@labeldesk/contracts';
import {
  Badge,
  Box,
  Button,
  EmptyState,
  ErrorState,
  formatDateTime,
  formatUsd,
  ListFilters,
  ListPagination,
  LoadingOverlay,
  LoadingState,
  Paper,
  Stack,
  Table,
  Text,
  Title,
  useListFilterState,
  usePageFor,
  useRemoteList,
} from '@labeldesk/ui';
import { type ReactNode, useState } from 'react';

/**
 * SPEC §2 bulk history: search by bulk order id, a From/To date range, the table and pages. A failed load shows
 * 'Failed to load bulk orders' with Try Again (never invented rows).
 */
export function BulkHistory({ reloadKey, onOpen }: { reloadKey: number; onOpen: (bulk: BulkOrder) => void }) {
  const filters = useListFilterState();
  const [limit, setLimit] = useState<number>(10);
  const [page, setPage] = usePageFor(JSON.stringify([filters.applied, limit]));
  const query = checkedListQuery(BulkHistoryQuery, { page, limit }, filters.applied);
  const { state, fetching, retry } = useRemoteList(
    query.ok ? query.query : null,
    (q) => api.bulk.history(q),
    (e) => errorMessage(e, BULK_MESSAGES.loadFailed),
    reloadKey,
  );

  let body: ReactNode;
  if (state.kind === 'loading') {
    body = <LoadingState label="Loading bulk orders..." />;
  } else if (state.kind === 'failed') {
    body = (
      <Box data-testid="bulk-history-error">
        <ErrorState title={state.message} onRetry={retry} />
      </Box>
    );
  } else if (state.data.bulkOrders.length === 0) {
    body = (
      <Box data-testid="bulk-history-empty">
        <EmptyState title="No Bulk Orders Found">
          {filters.appliedActive
            ? 'No bulk orders match your search criteria. Try adjusting your filters.'
            : 'Upload a CSV above to create your first bulk order.'}
        </EmptyState>
      </Box>
    );
  } else {
    body = (
      <Table.ScrollContainer minWidth={820}>
        <Table verticalSpacing="xs" highlightOnHover data-testid="bulk-history-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Bulk Order ID</Table.Th>
              <Table.Th>Date</Table.Th>
              <Table.Th>Service</Table.Th>
              <Table.Th ta="right">Orders</Table.Th>
              <Table.Th ta="right">Failed</Table.Th>
              <Table.Th ta="right">Total Price</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {state.data.bulkOrders.map((bulk) => (
              <Table.Tr key={bulk._id} data-testid="bulk-history-row" data-bulk-id={bulk.bulkOrderId}>
                <Table.Td maw={190}>
                  <Text size="xs" ff="monospace" style={{ wordBreak: 'break-all' }} data-testid="bulk-history-id">
                    {bulk.bulkOrderId}
                  </Text>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(bulk.createdAt)}</Table.Td>
                <Table.Td>
                  <Text size="sm">{bulk.serviceName}</Text>
                  <Text size="xs" c="dimmed">
                    {bulk.carrier} · {bulk.apiName}
                  </Text>
                </Table.Td>
                <Table.Td ta="right" data-testid="bulk-history-count">
                  {bulk.orderCount}
                </Table.Td>
                <Table.Td ta="right">{bulk.failedOrderCount}</Table.Td>
                <Table.Td ta="right" fw={600} style={{ whiteSpace: 'nowrap' }} data-testid="bulk-history-total">
                  {formatUsd(bulk.totalPrice)}
                </Table.Td>
                <Table.Td>
                  <Badge color={bulkStatusColor(bulk.status)} variant="light" data-testid="bulk-history-status">
                    {bulkStatusLabel(bulk.status)}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Button
                    size="compact-xs"
                    variant="light"
                    onClick={() => onOpen(bulk)}
                    aria-label={`View details of bulk order ${bulk.bulkOrderId}`}
                    data-testid="bulk-history-view"
                  >
                    Details
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }

  const totalPages = state.kind === 'ready' ? Math.max(1, state.data.totalPages) : 1;
  return (
    <Paper withBorder p="lg" data-testid="bulk-history">
      <Stack gap="md">
        <Title order={3} size="h4">
          Bulk Order History
        </Title>
        <ListFilters
          testIdPrefix="bulk-history"
          searchPlaceholder="Search by bulk order ID..."
          searchClearable
          {...filters.controls}
          error={query.ok ? null : query.error}
        />
        <Box pos="relative">
          <LoadingOverlay visible={fetching && state.kind === 'ready'} zIndex={10} overlayProps={{ blur: 1 }} />
          {body}
        </Box>
        {state.kind === 'ready' && state.data.bulkOrders.length > 0 ? (
          <ListPagination
            testIdPrefix="bulk-history"
            page={Math.min(page, totalPages)}
            totalPages={totalPages}
            onPage={setPage}
            pageSize={limit}
            pageSizes={PAGE_SIZES}
            onPageSize={setLimit}
          />
        ) : null}
      </Stack>
    </Paper>
  );
}
