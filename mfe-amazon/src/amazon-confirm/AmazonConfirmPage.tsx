import { amazonQueries, bulkQueries, errorMessage } from '@labeldesk/api-client';
import {
  type AmazonSavedCredentialsResponse,
  BULK_MESSAGES,
  bulkStatusColor,
  bulkStatusLabel,
} from '@labeldesk/contracts';
import {
  Alert,
  Badge,
  Button,
  EmptyState,
  formatDateTime,
  ListScreen,
  PageHeader,
  Paper,
  QueryBody,
  Stack,
  Table,
  Text,
  Title,
  useFlash,
  useListScreen,
  useQuery,
} from '@labeldesk/ui';
import { useState } from 'react';
import { AmazonOrdersTable, hasAmazonOrders } from './AmazonOrdersTable';
import { ConfirmShipmentsForm } from './ConfirmShipmentsForm';

/** SPEC §9: the Amazon success message stays 5 s. */
const SUCCESS_MS = 5000;
/** The bulk orders offered for confirmation: the latest 50 (searchable). */
const BULK_LIST_SIZE = 50;

/**
 * /amazon-confirm (SPEC §2 Amazon Order Confirmation): pick a bulk order, give the Seller Central cookies (.json file)
 * and CSRF token (or the saved ones), and tell Amazon the orders shipped; each order's result is shown.
 */
export function AmazonConfirmPage() {
  // SPEC: the customer's bulk orders (latest 50), searched by bulk order id, with Refresh.
  const history = useListScreen({
    request: ({ filters }) => ({
      ok: true,
      query: { page: 1, limit: BULK_LIST_SIZE, ...(filters.search ? { search: filters.search } : {}) },
    }),
    query: bulkQueries.history,
    pageSize: BULK_LIST_SIZE,
  });

  const [selectedId, setSelectedId] = useState<string | null>(null);
  const detailQuery = useQuery({ ...bulkQueries.detail(selectedId ?? ''), enabled: selectedId !== null });
  const confirmationsQuery = useQuery({
    ...amazonQueries.confirmations(selectedId ?? ''),
    enabled: selectedId !== null,
  });
  const savedQuery = useQuery(amazonQueries.savedCredentials(true));
  const saved: AmazonSavedCredentialsResponse | null = savedQuery.data ?? null;
  const [error, setError] = useState<string | null>(null);
  const [success, showSuccess, clearSuccess] = useFlash(SUCCESS_MS);
  const select = (bulkOrderId: string) => {
    setSelectedId(bulkOrderId);
    setError(null);
    clearSuccess();
  };

  // Said as soon as the chosen bulk order is read (not only on Confirm): nothing in it can be confirmed on Amazon.
  const noAmazonOrders = detailQuery.data !== undefined && !hasAmazonOrders(detailQuery.data);

  return (
    <Stack gap="lg">
      <PageHeader title="Amazon Order Confirmation" />
      {success ? (
        <Alert color="green" data-testid="amazon-confirm-success" withCloseButton onClose={clearSuccess}>
          {success}
        </Alert>
      ) : null}
      {error ? (
        <Alert color="red" data-testid="amazon-confirm-error" withCloseButton onClose={() => setError(null)}>
          {error}
        </Alert>
      ) : null}

      <ListScreen
        list={history}
        testIdPrefix="amazon-bulk"
        title="Bulk Orders"
        refreshable
        filters={{ searchPlaceholder: 'Search by bulk order ID...', searchOnly: true }}
        loadingLabel="Loading bulk orders..."
        errorTitle={(e) => errorMessage(e, BULK_MESSAGES.loadFailed)}
        empty={<EmptyState title="No Bulk Orders Found">Create a bulk order from your Amazon orders first.</EmptyState>}
        table={{
          testId: 'amazon-bulk-table',
          minWidth: 640,
          columns: [
            { label: 'Bulk Order ID' },
            { label: 'Date' },
            { label: 'Orders', align: 'right' },
            { label: 'Status' },
            { label: '' },
          ],
          rows: (data) => data.bulkOrders,
          row: (b) => (
            <Table.Tr
              key={b._id}
              data-testid="amazon-bulk-row"
              data-bulk-id={b.bulkOrderId}
              bg={b.bulkOrderId === selectedId ? 'var(--mantine-color-blue-light)' : undefined}
            >
              <Table.Td>
                <Text size="xs" ff="monospace">
                  {b.bulkOrderId}
                </Text>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(b.createdAt)}</Table.Td>
              <Table.Td ta="right">{b.orderCount}</Table.Td>
              <Table.Td>
                <Badge color={bulkStatusColor(b.status)} variant="light">
                  {bulkStatusLabel(b.status)}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Button
                  size="compact-xs"
                  variant={b.bulkOrderId === selectedId ? 'filled' : 'light'}
                  onClick={() => select(b.bulkOrderId)}
                  data-testid="amazon-bulk-select"
                >
                  {b.bulkOrderId === selectedId ? 'Selected' : 'Select'}
                </Button>
              </Table.Td>
            </Table.Tr>
          ),
        }}
      />

      <ConfirmShipmentsForm
        bulkOrderId={selectedId}
        saved={saved}
        noAmazonOrders={noAmazonOrders}
        messages={{ setError, showSuccess, clearSuccess }}
      />

      {selectedId ? (
        <Paper withBorder p="lg">
          <Stack gap="md">
            <Title order={3} size="h4">
              Orders
            </Title>
            <QueryBody
              result={detailQuery}
              testIdPrefix="amazon-orders"
              loadingLabel="Loading orders..."
              errorTitle={(e) => errorMessage(e, BULK_MESSAGES.loadFailed)}
            >
              {(detail) => (
                <QueryBody
                  result={confirmationsQuery}
                  testIdPrefix="amazon-confirmations"
                  loadingLabel="Loading orders..."
                  errorTitle={(e) => errorMessage(e, BULK_MESSAGES.loadFailed)}
                >
                  {(data) => <AmazonOrdersTable detail={detail} confirmations={data.confirmations} />}
                </QueryBody>
              )}
            </QueryBody>
          </Stack>
        </Paper>
      ) : null}
    </Stack>
  );
}

export default AmazonConfirmPage;
