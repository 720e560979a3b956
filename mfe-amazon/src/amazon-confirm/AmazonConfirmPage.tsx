import { api, errorMessage } from '@labeldesk/api-client';
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
  Box,
  Button,
  Checkbox,
  Code,
  EmptyState,
  ErrorState,
  formatDateTime,
  Group,
  LoadingOverlay,
  LoadingState,
  PageHeader,
  Paper,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
  useDebouncedValue,
  useFlash,
  useRemoteList,
} from '@labeldesk/ui';
import { type ChangeEvent, type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import {
  deliveryStatusWord,
  isOlderThanDays,
  MAX_COOKIES_FILE_BYTES,
  parseCookiesFile,
  savedAgeText,
} from './credentials';

/** SPEC §9: the Amazon success message stays 5 s. */
const SUCCESS_MS = 5000;

type Detail =
  | { kind: 'idle' }
  | { kind: 'loading' }
  | { kind: 'failed'; message: string }
  | { kind: 'ready'; detail: BulkOrderDetailResponse; confirmations: AmazonConfirmation[] };

function confirmationCell(c: AmazonConfirmation | undefined) {
  if (!c)
    return (
      <Text size="xs" c="dimmed">
        Not sent
      </Text>
    );
  const color = { confirmed: 'green', refused: 'red', failed: 'orange', sending: 'blue' }[c.status];
  const word = { confirmed: 'Confirmed', refused: 'Refused', failed: 'Not confirmed', sending: 'Sending' }[c.status];
  return (
    <Stack gap={2}>
      <Badge color={color} variant="light" data-testid="amazon-confirm-result">
        {word}
      </Badge>
      {c.reason ? (
        <Text size="xs" c="dimmed">
          {c.reason}
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * /amazon-confirm (SPEC §2 Amazon Order Confirmation): pick a bulk order, give the Seller Central cookies (.json file)
 * and CSRF token (or the saved ones), and tell Amazon the orders shipped; each order's result is shown.
 */
export function AmazonConfirmPage() {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 400);
  const [reloadKey, setReloadKey] = useState(0);
  const history = useRemoteList(
    { page: 1, limit: 50, ...(debounced ? { search: debounced } : {}) },
    (q) => api.bulk.history(q),
    (e) => errorMessage(e, BULK_MESSAGES.loadFailed),
    reloadKey,
  );

  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [detail, setDetail] = useState<Detail>({ kind: 'idle' });
  const [saved, setSaved] = useState<AmazonSavedCredentialsResponse | null>(null);
  const [useSavedCsrf, setUseSavedCsrf] = useState(false);
  const [useSavedCookies, setUseSavedCookies] = useState(false);
  const [csrfToken, setCsrfToken] = useState('');
  const [cookies, setCookies] = useState<{ header: string; fileName: string; count: number } | null>(null);
  const [saveCookies, setSaveCookies] = useState(false);
  const [saveCsrfToken, setSaveCsrfToken] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [success, showSuccess, clearSuccess] = useFlash(SUCCESS_MS);

  useEffect(() => {
    let active = true;
    api.amazon.savedCredentials(true).then(
      (res) => {
        if (!active) return;
        setSaved(res);
        setUseSavedCsrf(res.hasCsrfToken);
        setUseSavedCookies(res.hasCookies);
      },
      () => active && setSaved(null),
    );
    return () => {
      active = false;
    };
  }, []);

  const loadDetail = useCallback(async (bulkOrderId: string, keep = false) => {
    if (!keep) setDetail({ kind: 'loading' });
    try {
      const [d, c] = await Promise.all([api.bulk.get(bulkOrderId), api.amazon.confirmations(bulkOrderId)]);
      setDetail({ kind: 'ready', detail: d, confirmations: c.confirmations });
    } catch (e) {
      setDetail({ kind: 'failed', message: errorMessage(e, BULK_MESSAGES.loadFailed) });
    }
  }, []);

  const select = (bulkOrderId: string) => {
    setSelectedId(bulkOrderId);
    setError(null);
    clearSuccess();
    void loadDetail(bulkOrderId);
  };

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setError(null);
    if (file.size > MAX_COOKIES_FILE_BYTES) {
      setCookies(null);
      setError(AMAZON_CONFIRM_MESSAGES.cookiesTooLarge);
      return;
    }
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

  const savedCsrf = useSavedCsrf && saved?.credentials.csrfToken ? saved.credentials.csrfToken : null;
  const savedCookies = useSavedCookies && saved?.credentials.cookies ? saved.credentials.cookies : null;
  const tokenToSend = savedCsrf ?? csrfToken.trim();
  const cookiesToSend = savedCookies ?? cookies?.header ?? '';
  const canSubmit = selectedId !== null && tokenToSend !== '' && cookiesToSend !== '' && !busy;

  const confirmationsByOrder = useMemo(() => {
    const map = new Map<string, AmazonConfirmation>();
    if (detail.kind === 'ready') for (const c of detail.confirmations) map.set(c.orderId, c);
    return map;
  }, [detail]);

  const submit = async () => {
    setError(null);
    clearSuccess();
    if (!selectedId) return setError(AMAZON_CONFIRM_MESSAGES.selectBulkOrder);
    if (!cookiesToSend) return setError(AMAZON_CONFIRM_MESSAGES.cookiesRequired);
    if (!tokenToSend) return setError(AMAZON_CONFIRM_MESSAGES.csrfRequired);
    if (
      detail.kind === 'ready' &&
      !detail.detail.orders.some((o) => (o.amazonOrderId ?? '').trim() !== '' && (o.sku ?? '').trim() !== '')
    ) {
      return setError(AMAZON_CONFIRM_MESSAGES.noAmazonOrders);
    }
    setBusy(true);
    try {
      const res = await api.amazon.confirmOrders({
        bulkOrderId: selectedId,
        cookies: cookiesToSend,
        csrfToken: tokenToSend,
        saveCookies: saveCookies && !savedCookies,
        saveCsrfToken: saveCsrfToken && !savedCsrf,
      });
      showSuccess(AMAZON_CONFIRM_MESSAGES.success(res.confirmedCount));
      if (saveCookies || saveCsrfToken) {
        api.amazon.savedCredentials(true).then(setSaved, () => {});
      }
      await loadDetail(selectedId, true);
    } catch (e) {
      setError(errorMessage(e, AMAZON_CONFIRM_MESSAGES.failed));
      await loadDetail(selectedId, true);
    } finally {
      setBusy(false);
    }
  };

  const list = history.state;
  let listBody: ReactNode;
  if (list.kind === 'loading') listBody = <LoadingState label="Loading bulk orders..." />;
  else if (list.kind === 'failed') listBody = <ErrorState title={list.message} onRetry={history.retry} />;
  else if (list.data.bulkOrders.length === 0)
    listBody = <EmptyState title="No Bulk Orders Found">Create a bulk order from your Amazon orders first.</EmptyState>;
  else
    listBody = (
      <Table.ScrollContainer minWidth={640}>
        <Table verticalSpacing="xs" highlightOnHover data-testid="amazon-bulk-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Bulk Order ID</Table.Th>
              <Table.Th>Date</Table.Th>
              <Table.Th ta="right">Orders</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.data.bulkOrders.map((b) => (
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
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );

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

      <Paper withBorder p="lg">
        <Stack gap="md">
          <Group justify="space-between">
            <Title order={3} size="h4">
              Bulk Orders
            </Title>
            <Group gap="xs">
              <TextInput
                placeholder="Search by bulk order ID..."
                value={search}
                onChange={(e) => setSearch(e.currentTarget.value)}
                data-testid="amazon-bulk-search"
              />
              <Button variant="default" onClick={() => setReloadKey((k) => k + 1)} data-testid="amazon-bulk-refresh">
                Refresh
              </Button>
            </Group>
          </Group>
          <Box pos="relative">
            <LoadingOverlay visible={history.fetching && list.kind === 'ready'} zIndex={10} />
            {listBody}
          </Box>
        </Stack>
      </Paper>

      <Paper withBorder p="lg" data-testid="amazon-confirm-form">
        <Stack gap="md">
          <Title order={3} size="h4">
            Confirm Shipments
          </Title>
          {selectedId ? (
            <Text size="sm">
              Bulk order <Code>{selectedId}</Code>
            </Text>
          ) : (
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
            <Stack gap={4}>
              <Text component="label" htmlFor="amazon-cookies-file" size="sm" fw={500}>
                Cookies (.json file)
              </Text>
              <input
                id="amazon-cookies-file"
                type="file"
                accept=".json,application/json"
                onChange={onFile}
                data-testid="amazon-cookies-file"
              />
              {cookies ? (
                <Text size="xs" c="dimmed" data-testid="amazon-cookies-loaded">
                  {cookies.fileName}: {cookies.count} cookies
                </Text>
              ) : null}
            </Stack>
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
            {detail.kind === 'failed' ? (
              <ErrorState title={detail.message} onRetry={() => void loadDetail(selectedId)} />
            ) : null}
            {detail.kind === 'ready' ? (
              <Table.ScrollContainer minWidth={820}>
                <Table verticalSpacing="xs" data-testid="amazon-orders-table">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Order ID</Table.Th>
                      <Table.Th>Amazon Order ID</Table.Th>
                      <Table.Th>Tracking</Table.Th>
                      <Table.Th>Recipient</Table.Th>
                      <Table.Th>Status</Table.Th>
                      <Table.Th>Amazon</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {detail.detail.orders.map((o) => (
                      <Table.Tr key={o._id} data-testid="amazon-order-row">
                        <Table.Td>
                          <Text size="xs" ff="monospace">
                            {o.orderId}
                          </Text>
                        </Table.Td>
                        <Table.Td>{o.amazonOrderId ?? '—'}</Table.Td>
                        <Table.Td>
                          <Text size="xs" ff="monospace">
                            {o.trackingNumber}
                          </Text>
                        </Table.Td>
                        <Table.Td>{o.recipient.name}</Table.Td>
                        <Table.Td>{deliveryStatusWord(o.deliveryStatus)}</Table.Td>
                        <Table.Td>{confirmationCell(confirmationsByOrder.get(o._id))}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            ) : null}
          </Stack>
        </Paper>
      ) : null}
    </Stack>
  );
}

export default AmazonConfirmPage;
