import { api, bulkMutations, bulkQueries, errorMessage, labelSettingsQueries } from '@labeldesk/api-client';
import { type BulkDownloadDeps, downloadAllLabels, downloadTrackings } from '@labeldesk/bulk-csv/downloads';
import { hasTracking } from '@labeldesk/bulk-csv/trackings';
import {
  BULK_LABEL_FORMAT_NAMES,
  BULK_MESSAGES,
  BULK_POLL_MS,
  type BulkLabelFormat,
  type BulkOrder,
  type BulkOrderDetailResponse,
  bulkStatusColor,
  bulkStatusLabel,
  customerStatusLabel,
} from '@labeldesk/contracts';
import {
  Alert,
  BULK_CANCEL_FAILED,
  BulkCancelButton,
  BulkRowState,
  BulkStopNotices,
  BulkSummaryFields,
  Button,
  DetailField,
  downloadUrl,
  formatUsd,
  Group,
  Modal,
  QueryBody,
  Stack,
  StatusAlerts,
  saveFile,
  Table,
  Text,
  Title,
  useApiMutation,
  useQuery,
} from '@labeldesk/ui';
import { useState } from 'react';
import { LabelFormatChoice } from '../common/LabelFormatChoice';
import { initialLabelFormat } from '../common/label-links';
import { failedCsvFileName, isRunning, progressOf, progressText } from './bulk-order';

type Download = 'labels' | 'failed' | 'trackings';

/** The bulk downloads as the browser runs them: the customer's routes, file downloads. */
const browserBulkDeps: BulkDownloadDeps = {
  bulkLink: (bulkOrderId) => api.labels.bulkLink(bulkOrderId),
  detail: (bulkOrderId) => api.bulk.get(bulkOrderId),
  download: (url) => downloadUrl(url),
  save: (content, fileName, mimeType) => saveFile(content, fileName, mimeType),
  now: () => new Date(),
};

/**
 * SPEC §2 bulk order details: the bulk order, its orders and failed rows, the combined-labels download (a signed link
 * to the PDF), the failed-rows CSV (from the server, saved as failed-orders-{id}.csv) and the trackings CSV (built
 * here). Each download button is busy while it runs.
 */
export function BulkDetailsModal({ bulk, onClose }: { bulk: BulkOrder | null; onClose: () => void }) {
  return (
    <Modal
      opened={bulk !== null}
      onClose={onClose}
      title="Bulk Order Details"
      size={1100}
      centered
      closeButtonProps={{ 'aria-label': 'Close bulk order details' }}
    >
      {bulk ? <Details bulk={bulk} /> : null}
    </Modal>
  );
}

function Details({ bulk }: { bulk: BulkOrder }) {
  // While labels are being bought the rows move on their own: polled as the progress is (SPEC §4, every 3 s).
  const query = useQuery({
    ...bulkQueries.detail(bulk._id),
    refetchInterval: (q) => (q.state.data && isRunning(q.state.data.bulkOrder) ? BULK_POLL_MS : false),
  });
  const [busy, setBusy] = useState<Download | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [cancelled, setCancelled] = useState<string | null>(null);
  const cancel = useApiMutation(bulkMutations.cancel);

  return (
    <QueryBody
      result={query}
      testIdPrefix="bulk-details-load"
      loadingLabel="Loading bulk order..."
      errorTitle={(e) => errorMessage(e, BULK_MESSAGES.loadDetailsFailed)}
      // Polled while labels are bought: the rows move on their own, with no overlay every 3 s.
      refetchOverlay={false}
    >
      {(loaded) => (
        <LoadedDetails
          loaded={loaded}
          state={{ busy, setBusy, error, setError, cancelled, setCancelled }}
          cancel={(id) => cancel.mutateAsync(id)}
        />
      )}
    </QueryBody>
  );
}

interface DetailsState {
  busy: Download | null;
  setBusy: (what: Download | null) => void;
  error: string | null;
  setError: (message: string | null) => void;
  cancelled: string | null;
  setCancelled: (message: string | null) => void;
}

/** The loaded bulk order: its summary, progress, downloads, stop, and rows (the state lives in Details across polls). */
function LoadedDetails({
  loaded,
  state: { busy, setBusy, error, setError, cancelled, setCancelled },
  cancel,
}: {
  loaded: BulkOrderDetailResponse;
  state: DetailsState;
  cancel: (bulkOrderId: string) => Promise<{ message: string }>;
}) {
  const { bulkOrder, orders, failedOrders } = loaded;
  // The combined labels in each format the bulk order's services print, starting at the customer's default (as a
  // single label's actions do).
  const formats: readonly BulkLabelFormat[] = loaded.labelFormats?.length ? loaded.labelFormats : ['pdf'];
  const preferred = useQuery(labelSettingsQueries.current()).data?.labelFormat;
  const [chosen, setChosen] = useState<BulkLabelFormat | null>(null);
  const format = chosen && formats.includes(chosen) ? chosen : initialLabelFormat(formats, preferred);

  const run = async (what: Download, action: () => Promise<string | null>) => {
    if (busy) return;
    setBusy(what);
    setError(null);
    try {
      const failure = await action();
      if (failure) setError(failure);
    } finally {
      setBusy(null);
    }
  };
  const downloadLabels = () => run('labels', () => downloadAllLabels(bulkOrder._id, browserBulkDeps, format));
  const downloadFailed = () =>
    run('failed', async () => {
      try {
        saveFile(await api.bulk.failedCsv(bulkOrder._id), failedCsvFileName(bulkOrder.bulkOrderId), 'text/csv');
        return null;
      } catch (e) {
        return errorMessage(e, BULK_MESSAGES.downloadCsvFailed);
      }
    });
  const downloadTrackingsCsv = () => run('trackings', () => downloadTrackings(bulkOrder._id, browserBulkDeps, loaded));

  const running = isRunning(bulkOrder);
  const status = bulkOrder.processingStatus;
  // Rows neither bought nor refunded yet: the customer may stop them (POST …/cancel refunds each at once).
  const cancellable = running && bulkOrder.stoppedAt === null && status.labelsRemaining > 0;
  const cancelRemaining = async (): Promise<string | null> => {
    try {
      // The answer is the bulk order as it now stands; the details, history and balance refetch (bulkMutations).
      const res = await cancel(bulkOrder._id);
      setCancelled(res.message);
      return null;
    } catch (e) {
      return errorMessage(e, BULK_CANCEL_FAILED);
    }
  };
  return (
    <Stack gap="md" data-testid="bulk-details">
      <BulkSummaryFields
        bulk={bulkOrder}
        status={{ label: bulkStatusLabel(bulkOrder.status), color: bulkStatusColor(bulkOrder.status) }}
        testIdPrefix="bulk-details"
      >
        <DetailField label="Service">
          {bulkOrder.carrier} · {bulkOrder.serviceName}
          {bulkOrder.template ? ` · ${bulkOrder.template}` : ''}
        </DetailField>
      </BulkSummaryFields>

      {running ? (
        <Alert color="blue" variant="light" data-testid="bulk-details-running">
          Labels are still being created. {progressText(progressOf(bulkOrder))}
        </Alert>
      ) : null}
      <BulkStopNotices
        running={running}
        waiting={status.labelsWaiting}
        nextAttemptAt={status.nextAttemptAt}
        canCancel={cancellable}
        cancelled={cancelled}
        stoppedAt={bulkOrder.stoppedAt}
        stopReason={bulkOrder.stopReason}
        testIdPrefix="bulk-details"
      />

      {bulkOrder.hasLabels ? (
        <LabelFormatChoice
          formats={formats}
          names={BULK_LABEL_FORMAT_NAMES}
          value={format}
          onChange={setChosen}
          label="Combined labels format"
          testId="bulk-details-label-format"
        />
      ) : null}
      <Group gap="sm">
        <Button
          onClick={downloadLabels}
          loading={busy === 'labels'}
          disabled={!bulkOrder.hasLabels || (busy !== null && busy !== 'labels')}
          data-testid="bulk-details-download-labels"
        >
          Download Combined Labels
        </Button>
        <Button
          variant="light"
          onClick={downloadTrackingsCsv}
          loading={busy === 'trackings'}
          disabled={!orders.some(hasTracking) || (busy !== null && busy !== 'trackings')}
          data-testid="bulk-details-download-trackings"
        >
          Download Trackings CSV
        </Button>
        <Button
          variant="light"
          color="red"
          onClick={downloadFailed}
          loading={busy === 'failed'}
          disabled={failedOrders.length === 0 || (busy !== null && busy !== 'failed')}
          data-testid="bulk-details-download-failed"
        >
          Download Failed Rows CSV
        </Button>
        {cancellable ? (
          <BulkCancelButton
            remaining={status.labelsRemaining}
            onConfirm={cancelRemaining}
            testIdPrefix="bulk-details"
          />
        ) : null}
      </Group>
      <StatusAlerts testIdPrefix="bulk-details" error={error} />

      <Title order={5}>Orders</Title>
      <Table.ScrollContainer minWidth={760}>
        <Table verticalSpacing="xs" striped data-testid="bulk-details-orders">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Row</Table.Th>
              <Table.Th>Order ID</Table.Th>
              <Table.Th>Recipient</Table.Th>
              <Table.Th>Destination</Table.Th>
              <Table.Th>Tracking #</Table.Th>
              <Table.Th ta="right">Price</Table.Th>
              <Table.Th>Status</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {orders.map((order) => (
              <Table.Tr key={order._id} data-testid="bulk-details-order">
                <Table.Td>{order.rowIndex === null ? '—' : order.rowIndex + 1}</Table.Td>
                <Table.Td>
                  <Text size="xs" ff="monospace" style={{ wordBreak: 'break-all' }}>
                    {order.orderId}
                  </Text>
                </Table.Td>
                <Table.Td>{order.recipient.name}</Table.Td>
                <Table.Td>{order.destination}</Table.Td>
                <Table.Td data-testid="bulk-details-order-tracking">
                  {hasTracking(order) ? order.trackingNumber : '—'}
                </Table.Td>
                <Table.Td ta="right">{formatUsd(order.price)}</Table.Td>
                <Table.Td>
                  <BulkRowState
                    row={order}
                    bought={customerStatusLabel(order.deliveryStatus)}
                    testId="bulk-details-order-state"
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>

      {failedOrders.length > 0 ? (
        <>
          <Title order={5}>Failed Rows</Title>
          <Table verticalSpacing="xs" data-testid="bulk-details-failed">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Row</Table.Th>
                <Table.Th>Recipient</Table.Th>
                <Table.Th>Error</Table.Th>
                <Table.Th ta="right">Attempts</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {failedOrders.map((failed) => (
                <Table.Tr key={failed.orderId || failed.rowIndex}>
                  <Table.Td>{failed.rowIndex + 1}</Table.Td>
                  <Table.Td>{failed.recipientName || failed.recipient}</Table.Td>
                  <Table.Td c="red">{failed.error}</Table.Td>
                  <Table.Td ta="right">{failed.attempts}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </>
      ) : null}
    </Stack>
  );
}
