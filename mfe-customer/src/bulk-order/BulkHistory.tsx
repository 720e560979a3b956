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
  EmptyState,
  formatDateTime,
  ListScreen,
  MoneyCell,
  RowButton,
  StatusBadge,
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
            <MoneyCell amount={bulk.totalPrice} testId="bulk-history-total" />
            <Table.Td>
              <StatusBadge
                label={bulkStatusLabel(bulk.status)}
                color={bulkStatusColor(bulk.status)}
                testId="bulk-history-status"
              />
            </Table.Td>
            <Table.Td>
              <RowButton
                onClick={() => onOpen(bulk)}
                label={`View details of bulk order ${bulk.bulkOrderId}`}
                testId="bulk-history-view"
              >
                Details
              </RowButton>
            </Table.Td>
          </Table.Tr>
        ),
      }}
    />
  );
}
