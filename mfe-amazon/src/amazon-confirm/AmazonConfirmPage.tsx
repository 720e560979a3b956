import { amazonKeys, amazonMutations, amazonQueries, bulkQueries, errorMessage } from '@labeldesk/api-client';
import {
  AMAZON_CONFIRM_MESSAGES,
  type AmazonConfirmation,
  type AmazonSavedCredentialsResponse,
  BULK_MESSAGES,
  type BulkOrderDetailResponse,
  bulkStatusColor,
  bulkStatusLabel,
  COOKIES_FRESH_DAYS,
  CSRF_FRESH_DAYS,
} from '@labeldesk/contracts';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Code,
  EmptyState,
  ErrorState,
  type FileWithPath,
  formatDateTime,
  Group,
  ListScreen,
  LoadingState,
  modals,
  PageHeader,
  Paper,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
  useApiMutation,
  useFlash,
  useInvalidate,
  useListScreen,
  useQuery,
} from '@labeldesk/ui';
import { useEffect, useRef, useState } from 'react';
import { AmazonOrdersTable, hasAmazonOrders } from './AmazonOrdersTable';
import { CookiesDropzone } from './CookiesDropzone';
import { isOlderThanDays, parseCookiesFile, savedAgeText } from './credentials';
import { MarketplaceSandboxLink } from './MarketplaceSandboxLink';

/** SPEC §9: the Amazon success message stays 5 s. */
const SUCCESS_MS = 5000;
/** The bulk orders offered for confirmation: the latest 50 (searchable). */
const BULK_LIST_SIZE = 50;

type Detail =
  | { kind: 'idle' }
  | { kind: 'loading' }
  | { kind: 'failed'; message: string }
  | { kind: 'ready'; detail: BulkOrderDetailResponse; confirmations: AmazonConfirmation[] };

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
  const detail: Detail =
    selectedId === null
      ? { kind: 'idle' }
      : detailQuery.isError || confirmationsQuery.isError
        ? {
            kind: 'failed',
            message: errorMessage(detailQuery.error ?? confirmationsQuery.error, BULK_MESSAGES.loadFailed),
          }
        : detailQuery.data && confirmationsQuery.data
          ? { kind: 'ready', detail: detailQuery.data, confirmations: confirmationsQuery.data.confirmations }
          : { kind: 'loading' };
  const retryDetail = () => {
    void detailQuery.refetch();
    void confirmationsQuery.refetch();
  };

  const savedQuery = useQuery(amazonQueries.savedCredentials(true));
  const saved: AmazonSavedCredentialsResponse | null = savedQuery.data ?? null;
  const [useSavedCsrf, setUseSavedCsrf] = useState(false);
  const [useSavedCookies, setUseSavedCookies] = useState(false);
  // The saved credentials are offered (switched on) when they first arrive; a later refetch keeps the choice.
  const offered = useRef(false);
  useEffect(() => {
    if (!saved || offered.current) return;
    offered.current = true;
    setUseSavedCsrf(saved.hasCsrfToken);
    setUseSavedCookies(saved.hasCookies);
  }, [saved]);

  const [csrfToken, setCsrfToken] = useState('');
  const [cookies, setCookies] = useState<{ header: string; fileName: string; count: number } | null>(null);
  const [saveCookies, setSaveCookies] = useState(false);
  const [saveCsrfToken, setSaveCsrfToken] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [success, showSuccess, clearSuccess] = useFlash(SUCCESS_MS);
  const confirmOrders = useApiMutation(amazonMutations.confirmOrders);
  const forgetSaved = useApiMutation(amazonMutations.forgetSavedCredentials);
  const invalidate = useInvalidate();
  const busy = confirmOrders.isPending;

  const select = (bulkOrderId: string) => {
    setSelectedId(bulkOrderId);
    setError(null);
    clearSuccess();
  };

  const onFile = (file: FileWithPath) => {
    setError(null);
    file.text().then(
      (text) => {
        const parsed = parseCookiesFile(text);
        if (!parsed.ok) {
          setCookies(null);
          setError(parsed.error);
          return;
        }
        setCookies({ header: parsed.cookies, fileName: file.name, count: parsed.count });
        setUseSavedCookies(false);
      },
      () => setError(AMAZON_CONFIRM_MESSAGES.fileRead),
    );
  };
  const onReject = (message: string) => {
    setCookies(null);
    setError(message);
  };

  const savedCsrf = useSavedCsrf && saved?.credentials.csrfToken ? saved.credentials.csrfToken : null;
  const savedCookies = useSavedCookies && saved?.credentials.cookies ? saved.credentials.cookies : null;
  const tokenToSend = savedCsrf ?? csrfToken.trim();
  const cookiesToSend = savedCookies ?? cookies?.header ?? '';
  // Said as soon as the chosen bulk order is read (not only on Confirm): nothing in it can be confirmed on Amazon.
  const noAmazonOrders = detail.kind === 'ready' && !hasAmazonOrders(detail.detail);
  const canSubmit = selectedId !== null && tokenToSend !== '' && cookiesToSend !== '' && !busy && !noAmazonOrders;

  const submit = async () => {
    setError(null);
    clearSuccess();
    if (!selectedId) return setError(AMAZON_CONFIRM_MESSAGES.selectBulkOrder);
    if (!cookiesToSend) return setError(AMAZON_CONFIRM_MESSAGES.cookiesRequired);
    if (!tokenToSend) return setError(AMAZON_CONFIRM_MESSAGES.csrfRequired);
    if (noAmazonOrders) return setError(AMAZON_CONFIRM_MESSAGES.noAmazonOrders);
    try {
      // On success the confirmations, the saved credentials and the bulk orders refetch (amazonMutations).
      const res = await confirmOrders.mutateAsync({
        bulkOrderId: selectedId,
        cookies: cookiesToSend,
        csrfToken: tokenToSend,
        saveCookies: saveCookies && !savedCookies,
        saveCsrfToken: saveCsrfToken && !savedCsrf,
      });
      showSuccess(AMAZON_CONFIRM_MESSAGES.success(res.confirmedCount));
    } catch (e) {
      setError(errorMessage(e, AMAZON_CONFIRM_MESSAGES.failed));
      // Some orders may have been confirmed before the failure: show where each one stands.
      invalidate(amazonKeys.confirmations(selectedId));
    }
  };

  // Forget saved credentials (asks first): the saved cookies and token are deleted on the server; the switches go and
  // the inputs come back (the saved-credentials query refetches).
  const forget = async () => {
    setError(null);
    clearSuccess();
    try {
      const res = await forgetSaved.mutateAsync();
      setUseSavedCsrf(false);
      setUseSavedCookies(false);
      showSuccess(res.message);
    } catch (e) {
      setError(errorMessage(e, AMAZON_CONFIRM_MESSAGES.forgetFailed));
    }
  };
  const confirmForget = () =>
    modals.openConfirmModal({
      title: 'Forget Saved Credentials',
      children: (
        <Text size="sm">
          Delete your saved Amazon cookies and CSRF token? You will need to upload them again to confirm orders.
        </Text>
      ),
      labels: { confirm: 'Forget', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => void forget(),
    });

  const tokenStale = isOlderThanDays(saved?.csrfTokenSavedAt ?? null, CSRF_FRESH_DAYS);
  const cookiesStale = isOlderThanDays(saved?.cookiesSavedAt ?? null, COOKIES_FRESH_DAYS);

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

      <Paper withBorder p="lg" data-testid="amazon-confirm-form">
        <Stack gap="md">
          <Title order={3} size="h4">
            Confirm Shipments
          </Title>
          <MarketplaceSandboxLink />
          {selectedId ? (
            <Text size="sm">
              Bulk order <Code>{selectedId}</Code>
            </Text>
          ) : null}
          {noAmazonOrders ? (
            <Alert color="yellow" variant="light" data-testid="amazon-no-amazon-orders">
              {AMAZON_CONFIRM_MESSAGES.noAmazonOrders}
            </Alert>
          ) : null}
          {selectedId ? null : (
            <Text size="sm" c="dimmed">
              Select a bulk order above.
            </Text>
          )}

          {saved?.hasCsrfToken && saved.csrfTokenSavedAt ? (
            <Stack gap={4}>
              <Switch
                label={`Use saved CSRF token (Saved ${savedAgeText(saved.csrfTokenSavedAt)})`}
                checked={useSavedCsrf}
                onChange={(e) => setUseSavedCsrf(e.currentTarget.checked)}
                data-testid="amazon-use-saved-csrf"
              />
              {useSavedCsrf && tokenStale ? (
                <Text size="xs" c="orange" data-testid="amazon-csrf-stale">
                  Your saved CSRF token is more than {CSRF_FRESH_DAYS} days old and may have expired.
                </Text>
              ) : null}
            </Stack>
          ) : null}
          {!useSavedCsrf || !saved?.hasCsrfToken ? (
            <TextInput
              label="CSRF token"
              placeholder="anti-csrftoken-a2z from Seller Central"
              required
              value={csrfToken}
              onChange={(e) => setCsrfToken(e.currentTarget.value)}
              data-testid="amazon-csrf-input"
            />
          ) : null}

          {saved?.hasCookies && saved.cookiesSavedAt ? (
            <Stack gap={4}>
              <Switch
                label={`Use saved cookies (Saved ${savedAgeText(saved.cookiesSavedAt)})`}
                checked={useSavedCookies}
                onChange={(e) => setUseSavedCookies(e.currentTarget.checked)}
                data-testid="amazon-use-saved-cookies"
              />
              {useSavedCookies && cookiesStale ? (
                <Text size="xs" c="orange" data-testid="amazon-cookies-stale">
                  Your saved cookies are more than {COOKIES_FRESH_DAYS} days old and may have expired.
                </Text>
              ) : null}
            </Stack>
          ) : null}
          {!useSavedCookies || !saved?.hasCookies ? (
            <CookiesDropzone loaded={cookies} disabled={busy} onFile={onFile} onReject={onReject} />
          ) : null}

          <Group>
            <Checkbox
              label="Save cookies for next time"
              checked={saveCookies}
              onChange={(e) => setSaveCookies(e.currentTarget.checked)}
            />
            <Checkbox
              label="Save CSRF token for next time"
              checked={saveCsrfToken}
              onChange={(e) => setSaveCsrfToken(e.currentTarget.checked)}
            />
          </Group>
          <Group>
            <Button onClick={submit} disabled={!canSubmit} loading={busy} data-testid="amazon-confirm-submit">
              Confirm Orders on Amazon
            </Button>
            {saved?.hasCookies || saved?.hasCsrfToken ? (
              <Button
                variant="subtle"
                color="red"
                onClick={confirmForget}
                loading={forgetSaved.isPending}
                disabled={busy}
                data-testid="amazon-forget-saved"
              >
                Forget saved credentials
              </Button>
            ) : null}
          </Group>
        </Stack>
      </Paper>

      {selectedId ? (
        <Paper withBorder p="lg">
          <Stack gap="md">
            <Title order={3} size="h4">
              Orders
            </Title>
            {detail.kind === 'loading' ? <LoadingState label="Loading orders..." /> : null}
            {detail.kind === 'failed' ? <ErrorState title={detail.message} onRetry={retryDetail} /> : null}
            {detail.kind === 'ready' ? (
              <AmazonOrdersTable detail={detail.detail} confirmations={detail.confirmations} />
            ) : null}
          </Stack>
        </Paper>
      ) : null}
    </Stack>
  );
}

export default AmazonConfirmPage;
