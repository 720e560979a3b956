import { adminOrderQueries, errorMessage } from '@labeldesk/api-client';
import { type BulkOrder, bulkStatusColor, bulkStatusLabel } from '@labeldesk/contracts';
import {
  Alert,
  Badge,
  Button,
  EmailText,
  EmptyState,
  formatUsd,
  Group,
  IdText,
  ListScreen,
  Table,
  Text,
  useListScreen,
} from '@labeldesk/ui';
import { useRef, useState } from 'react';
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

const COLUMNS = ['Bulk Order ID', 'Date', 'User', 'Order Count', 'Total Price', 'Status', 'Actions'] as const;

/**
 * SPEC §2 All Orders → Bulk Orders (ListScreen): search by bulk order id, From/To dates, the table (view details,
 * download all labels, download trackings CSV, each row busy while an action runs), the loading overlay, empty states
 * and pagination. The page header's Refresh refetches it (adminOrderKeys).
 */
export function BulkOrdersTab() {
  const list = useListScreen({
    request: ({ page, limit, filters }) => adminBulkQuery(filters, page, limit),
    query: adminOrderQueries.bulkList,
  });

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

  return (
    <>
      <ListScreen
        list={list}
        testIdPrefix="admin-bulk"
        testId="admin-orders-bulk-panel"
        title="Bulk Orders"
        filters={{ searchPlaceholder: BULK_SEARCH_PLACEHOLDER, searchClearable: true, clearLabel: 'Clear All Filters' }}
        above={
          actionError ? (
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
          ) : null
        }
        loadingLabel="Loading bulk orders..."
        errorTitle={(e) => errorMessage(e, BULK_ORDERS_LOAD_FAILED)}
        isEmpty={(data) => data.bulkOrders.length === 0}
        empty={(filtered) => {
          const empty = bulkEmptyState(filtered);
          return <EmptyState title={empty.title}>{empty.message}</EmptyState>;
        }}
        footer={(data) => (
          <Text size="sm" c="dimmed" data-testid="admin-bulk-total-count">
            {bulkCountText(data.totalBulkOrders, list.appliedActive)}
          </Text>
        )}
        pagination={{ totalPages: (data) => data.totalPages, previousLabel: 'Previous' }}
      >
        {(data) => (
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
                {data.bulkOrders.map((bulk) => {
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
        )}
      </ListScreen>
      <BulkOrderDetailsModal bulk={viewing} onClose={() => setViewing(null)} />
    </>
  );
}
