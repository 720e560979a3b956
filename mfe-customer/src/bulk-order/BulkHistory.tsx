import { bulkQueries, errorMessage } from '@labeldesk/api-client';
import {
  BULK_MESSAGES,
  BulkHistoryQuery,
  type BulkOrder,
  bulkStatusColor,
  bulkStatusLabel,
  checkedListQuery,
} from '@labeldesk/contracts';
import {
  Badge,
  Button,
  EmptyState,
  formatDateTime,
  formatUsd,
  ListScreen,
  Table,
  Text,
  useListScreen,
} from '@labeldesk/ui';

/**
 * SPEC §2 bulk history: search by bulk order id, a From/To date range, the table and pages. A failed load shows
 * 'Failed to load bulk orders' with Try Again (never invented rows).
 */
export function BulkHistory({ onOpen }: { onOpen: (bulk: BulkOrder) => void }) {
  const list = useListScreen({
    request: ({ page, limit, filters }) => checkedListQuery(BulkHistoryQuery, { page, limit }, filters),
    query: bulkQueries.history,
  });
  return (
    <ListScreen
      list={list}
      testIdPrefix="bulk-history"
      testId="bulk-history"
      title="Bulk Order History"
      filters={{ searchPlaceholder: 'Search by bulk order ID...', searchClearable: true }}
      loadingLabel="Loading bulk orders..."
      errorTitle={(e) => errorMessage(e, BULK_MESSAGES.loadFailed)}
      empty={(filtered) => (
        <EmptyState title="No Bulk Orders Found">
          {filtered
            ? 'No bulk orders match your search criteria. Try adjusting your filters.'
            : 'Upload a CSV above to create your first bulk order.'}
        </EmptyState>
      )}
      pagination={{ totalPages: (data) => data.totalPages }}
      table={{
        testId: 'bulk-history-table',
        minWidth: 820,
        columns: [
          { label: 'Bulk Order ID' },
          { label: 'Date' },
          { label: 'Service' },
          { label: 'Orders', align: 'right' },
          { label: 'Failed', align: 'right' },
          { label: 'Total Price', align: 'right' },
          { label: 'Status' },
          { label: 'Actions' },
        ],
        rows: (data) => data.bulkOrders,
        row: (bulk) => (
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
        ),
      }}
    />
  );
}
