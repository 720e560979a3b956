import { adminOrderQueries, bulkMutations, errorMessage } from '@labeldesk/api-client';
import {
  BULK_MESSAGES,
  BULK_POLL_MS,
  type BulkOrder,
  type BulkOrderDetailResponse,
  bulkStatusColor,
  bulkStatusLabel,
  type Order,
} from '@labeldesk/contracts';
import {
  BULK_CANCEL_FAILED,
  BulkCancelButton,
  BulkRowState,
  BulkStopNotices,
  BulkSummaryFields,
  Button,
  DetailField,
  Group,
  Modal,
  QueryBody,
  Stack,
  StatusAlerts,
  Table,
  Text,
  Title,
  useApiMutation,
  useQuery,
} from '@labeldesk/ui';
import { useState } from 'react';
import { CARRIER_LABELS } from '../service-management/api-configs';
import { browserBulkDeps, browserLabelDeps } from './browser-label-deps';
import { type BulkAction, downloadAllLabels, downloadTrackings } from './bulk-actions';
import { downloadLabel } from './label-actions';
import { OrderDetailsModal } from './OrderDetailsModal';
import { OrderStatusBadges } from './OrderStatusBadges';
import { LabelButton, TrackingText, ViewOrderButton } from './order-cells';
import { useRowActions } from './use-row-actions';

/**
 * SPEC §2 Bulk Order Details: bulk order id, Order Date, Total Orders, Total Price, Status, User, 'Download All Labels',
 * 'Download Trackings CSV', and the table 'Individual Orders' (Order ID, Tracking #, Recipient, Destination, Carrier,
 * Status, per-row view and download label), each button busy while its action runs. Each row's state (bought, queued,
 * retrying with reason and next attempt, failed), a notice when rows wait on the provider, and Cancel Remaining Labels
 * while rows are unbought (issue 19).
 */
export function BulkOrderDetailsModal({ bulk, onClose }: { bulk: BulkOrder | null; onClose: () => void }) {
  const [viewing, setViewing] = useState<Order | null>(null);
  return (
    <>
      <Modal
        opened={bulk !== null && viewing === null}
        onClose={onClose}
        title="Bulk Order Details"
        size={1100}
        centered
        closeButtonProps={{ 'aria-label': 'Close bulk order details' }}
      >
        {bulk ? <Details bulk={bulk} onView={setViewing} /> : null}
      </Modal>
      <OrderDetailsModal order={viewing} onClose={() => setViewing(null)} />
    </>
  );
}

function Details({ bulk, onView }: { bulk: BulkOrder; onView: (order: Order) => void }) {
  // While labels are being bought the rows move on their own: polled as the customer's progress is (every 3 s).
  const result = useQuery({
    ...adminOrderQueries.bulkDetail(bulk._id),
    refetchInterval: (q) => (q.state.data?.bulkOrder.status === 'processing' ? BULK_POLL_MS : false),
  });
  return (
    <QueryBody
      result={result}
      testIdPrefix="admin-bulk-details"
      loadingLabel="Loading bulk order..."
      errorTitle={(e) => errorMessage(e, BULK_MESSAGES.loadDetailsFailed)}
    >
      {(loaded) => <LoadedDetails loaded={loaded} onView={onView} />}
    </QueryBody>
  );
}

function LoadedDetails({ loaded, onView }: { loaded: BulkOrderDetailResponse; onView: (order: Order) => void }) {
  // The bulk order's own downloads are keyed by its id, each row's label download by the order's id.
  const { busy: rowBusy, error, run: runOn } = useRowActions<BulkAction | 'download'>();
  const { bulkOrder, orders } = loaded;
  const user = loaded.user ?? orders[0]?.userDetails;

  const busy = rowBusy[bulkOrder._id] ?? null;
  const [cancelled, setCancelled] = useState<string | null>(null);
  const cancel = useApiMutation(bulkMutations.cancel);
  const status = bulkOrder.processingStatus;
  // Rows neither bought nor refunded yet: an admin may stop them for any customer (refunded to that customer at once).
  const cancellable = bulkOrder.status === 'processing' && bulkOrder.stoppedAt === null && status.labelsRemaining > 0;
  const cancelRemaining = async (): Promise<string | null> => {
    try {
      const res = await cancel.mutateAsync(bulkOrder._id);
      setCancelled(res.message);
      return null;
    } catch (e) {
      return errorMessage(e, BULK_CANCEL_FAILED);
    }
  };
  const run = (action: BulkAction) =>
    runOn(bulkOrder._id, action, () =>
      action === 'labels'
        ? downloadAllLabels(bulkOrder._id, browserBulkDeps)
        : downloadTrackings(bulkOrder._id, browserBulkDeps, loaded),
    );
  const downloadRowLabel = (order: Order) =>
    runOn(order._id, 'download', () => downloadLabel(order._id, browserLabelDeps));

  return (
    <Stack gap="md" data-testid="admin-bulk-details">
      <BulkSummaryFields
        bulk={bulkOrder}
        status={{ label: bulkStatusLabel(bulkOrder.status), color: bulkStatusColor(bulkOrder.status) }}
        testIdPrefix="admin-bulk-details"
      >
        <DetailField label="User" testId="admin-bulk-details-user">
          <Text size="sm" fw={600}>
            {user?.name || bulkOrder.userName}
          </Text>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {user?.email ?? bulkOrder.userEmail ?? ''}
          </Text>
        </DetailField>
      </BulkSummaryFields>

      <BulkStopNotices
        running={bulkOrder.status === 'processing'}
        waiting={status.labelsWaiting}
        nextAttemptAt={status.nextAttemptAt}
        canCancel={cancellable}
        cancelled={cancelled}
        stoppedAt={bulkOrder.stoppedAt}
        stopReason={bulkOrder.stopReason}
        testIdPrefix="admin-bulk-details"
      />

      <Group gap="sm">
        <Button
          onClick={() => void run('labels')}
          loading={busy === 'labels'}
          disabled={!bulkOrder.hasLabels || (busy !== null && busy !== 'labels')}
          data-testid="admin-bulk-details-labels"
        >
          Download All Labels
        </Button>
        <Button
          variant="light"
          onClick={() => void run('trackings')}
          loading={busy === 'trackings'}
          disabled={busy !== null && busy !== 'trackings'}
          data-testid="admin-bulk-details-trackings"
        >
          Download Trackings CSV
        </Button>
        {cancellable ? (
          <BulkCancelButton
            remaining={status.labelsRemaining}
            onConfirm={cancelRemaining}
            testIdPrefix="admin-bulk-details"
          />
        ) : null}
      </Group>
      <StatusAlerts testIdPrefix="admin-bulk-details-action" error={error} />

      <Title order={5}>Individual Orders</Title>
      <Table.ScrollContainer minWidth={820}>
        <Table verticalSpacing="xs" striped data-testid="admin-bulk-details-orders">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Order ID</Table.Th>
              <Table.Th>Tracking #</Table.Th>
              <Table.Th>Recipient</Table.Th>
              <Table.Th>Destination</Table.Th>
              <Table.Th>Carrier</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {orders.map((order) => (
              <Table.Tr key={order._id} data-testid="admin-bulk-details-order">
                <Table.Td maw={170}>
                  <Text size="xs" ff="monospace" style={{ wordBreak: 'break-all' }}>
                    {order.orderId}
                  </Text>
                </Table.Td>
                <Table.Td data-testid="admin-bulk-details-order-tracking">
                  <TrackingText trackingNumber={order.trackingNumber} />
                </Table.Td>
                <Table.Td>{order.recipient.name}</Table.Td>
                <Table.Td>{order.destination || `${order.recipient.city}, ${order.recipient.state}`}</Table.Td>
                <Table.Td>{CARRIER_LABELS[order.carrier]}</Table.Td>
                <Table.Td>
                  <BulkRowState
                    row={order}
                    bought={<OrderStatusBadges order={order} />}
                    testId="admin-bulk-details-order-state"
                  />
                </Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <ViewOrderButton order={order} onView={onView} testId="admin-bulk-details-order-view" />
                    <LabelButton
                      action="download"
                      color="teal"
                      order={order}
                      rowBusy={rowBusy[order._id]}
                      onClick={(o) => void downloadRowLabel(o)}
                      testId="admin-bulk-details-order-download"
                    />
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
