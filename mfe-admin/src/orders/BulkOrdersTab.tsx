import { adminOrderQueries, errorMessage } from '@labeldesk/api-client';
import { type BulkOrder, bulkStatusColor, bulkStatusLabel } from '@labeldesk/contracts';
import {
  Alert,
  EmptyState,
  Group,
  IdText,
  ListScreen,
  MoneyCell,
  RowButton,
  RowMenu,
  StatusBadge,
  Table,
  Text,
  useListScreen,
} from '@labeldesk/ui';
import { useState } from 'react';
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
import { DateCell, UserCell } from './order-cells';
import { useRowActions } from './use-row-actions';

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

  const { busy, error: actionError, setError: setActionError, run } = useRowActions<BulkAction>();
  const [viewing, setViewing] = useState<BulkOrder | null>(null);

  const runAction = (bulk: BulkOrder, action: BulkAction) =>
    run(bulk._id, action, () =>
      action === 'labels' ? downloadAllLabels(bulk._id, browserBulkDeps) : downloadTrackings(bulk._id, browserBulkDeps),
    );

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
          <Table.ScrollContainer minWidth={820}>
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
                  const rowBusy = busy[bulk._id];
                  return (
                    <Table.Tr key={bulk._id} data-testid="admin-bulk-row" data-bulk-id={bulk.bulkOrderId}>
                      <Table.Td>
                        <IdText testId="admin-bulk-id">{bulk.bulkOrderId}</IdText>
                      </Table.Td>
                      <DateCell iso={bulk.createdAt} />
                      <UserCell name={bulk.userName} email={bulk.userEmail ?? ''} nameTestId="admin-bulk-user-name" />
                      <Table.Td ta="right" data-testid="admin-bulk-count">
                        {bulk.orderCount}
                        {bulk.failedOrderCount > 0 ? (
                          <Text size="xs" c="red">
                            {bulk.failedOrderCount} failed
                          </Text>
                        ) : null}
                      </Table.Td>
                      <MoneyCell amount={bulk.totalPrice} testId="admin-bulk-total" />
                      <Table.Td>
                        <StatusBadge
                          label={bulkStatusLabel(bulk.status)}
                          color={bulkStatusColor(bulk.status)}
                          testId="admin-bulk-status"
                        />
                      </Table.Td>
                      <Table.Td>
                        <Group gap={4} wrap="nowrap">
                          <RowButton
                            onClick={() => setViewing(bulk)}
                            label={`View details of bulk order ${bulk.bulkOrderId}`}
                            testId="admin-bulk-view"
                          >
                            View
                          </RowButton>
                          <RowMenu
                            label={`More actions for bulk order ${bulk.bulkOrderId}`}
                            testId="admin-bulk-actions"
                            busy={rowBusy !== undefined}
                            items={[
                              {
                                text: 'Download all labels',
                                label: `Download all labels of bulk order ${bulk.bulkOrderId}`,
                                testId: 'admin-bulk-labels',
                                onClick: () => void runAction(bulk, 'labels'),
                                disabled: !bulk.hasLabels || rowBusy !== undefined,
                                title: bulk.hasLabels ? undefined : 'No labels yet',
                              },
                              {
                                text: 'Download trackings CSV',
                                label: `Download trackings CSV of bulk order ${bulk.bulkOrderId}`,
                                testId: 'admin-bulk-trackings',
                                onClick: () => void runAction(bulk, 'trackings'),
                                disabled: rowBusy !== undefined,
                              },
                            ]}
                          />
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
