import { api, errorMessage } from '@labeldesk/api-client';
import type { PendingCryptoPayment } from '@labeldesk/contracts';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  formatDateTime,
  formatUsd,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  Title,
} from '@labeldesk/ui';
import { useEffect, useState } from 'react';
import { livePendingPayments, type RefreshOutcome, refreshOutcome } from './pending-payments';

const REFRESH_FAILED = 'Failed to refresh payment status';
const FLASH_MS = 3000;

type ListState =
  | { kind: 'loading' }
  | { kind: 'failed'; message: string }
  | { kind: 'ready'; payments: PendingCryptoPayment[] };

interface PendingPaymentsProps {
  /** Changing it reloads the list. */
  reloadKey: number;
  /**
   * A refresh found the payment settled: the page reloads this list and the history, and when money arrived
   * (`credited`) also the balance and the header's user.
   */
  onSettled: (credited: boolean) => void;
}

/**
 * SPEC §2 pending crypto payments (younger than 24 h): amount, created time, a link to the payment page and a manual
 * Refresh per payment that asks the server to re-check the invoice. Hidden while there is nothing to show.
 */
export function PendingPayments({ reloadKey, onSettled }: PendingPaymentsProps) {
  const [list, setList] = useState<ListState>({ kind: 'loading' });
  const [ownReload, setOwnReload] = useState(0);
  const [refreshing, setRefreshing] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<RefreshOutcome | null>(null);

  // SPEC §4: messages clear after 3 s; a failure stays until dismissed or replaced.
  useEffect(() => {
    if (!outcome || outcome.color === 'red') return;
    const timer = setTimeout(() => setOutcome(null), FLASH_MS);
    return () => clearTimeout(timer);
  }, [outcome]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: both keys only trigger a reload.
  useEffect(() => {
    let active = true;
    api.crypto.pending().then(
      (res) => active && setList({ kind: 'ready', payments: livePendingPayments(res.transactions, new Date()) }),
      (e: unknown) =>
        active && setList({ kind: 'failed', message: errorMessage(e, 'Failed to load pending payments') }),
    );
    return () => {
      active = false;
    };
  }, [reloadKey, ownReload]);

  const refresh = async (payment: PendingCryptoPayment) => {
    if (refreshing) return;
    setRefreshing(payment.transactionId);
    setOutcome(null);
    try {
      const next = refreshOutcome(await api.crypto.refresh(payment.transactionId));
      setOutcome(next);
      if (next.settled) onSettled(next.credited);
    } catch (e) {
      setOutcome({ color: 'red', text: errorMessage(e, REFRESH_FAILED), settled: false, credited: false });
    } finally {
      setRefreshing(null);
    }
  };

  const payments = list.kind === 'ready' ? list.payments : [];
  if (payments.length === 0 && !outcome && list.kind !== 'failed') return null;

  return (
    <Paper withBorder p="lg" data-testid="pending-payments">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} size="h4">
            Pending Crypto Payments
          </Title>
          {payments.length > 0 ? (
            <Badge color="yellow" variant="light" miw="max-content">
              {payments.length} pending
            </Badge>
          ) : null}
        </Group>
        {outcome ? (
          <Alert
            color={outcome.color}
            variant="light"
            role={outcome.color === 'red' ? 'alert' : 'status'}
            withCloseButton={outcome.color === 'red'}
            onClose={() => setOutcome(null)}
            data-testid="pending-refresh-message"
          >
            {outcome.text}
          </Alert>
        ) : null}
        {list.kind === 'failed' ? (
          <Alert color="red" variant="light" role="alert" data-testid="pending-error">
            <Group justify="space-between">
              <Text size="sm">{list.message}</Text>
              <Button size="xs" variant="outline" color="red" onClick={() => setOwnReload((n) => n + 1)}>
                Try Again
              </Button>
            </Group>
          </Alert>
        ) : null}
        {payments.length > 0 ? (
          <>
            <Text size="sm" c="dimmed">
              Payments are checked automatically. If you have paid and your balance has not changed yet, refresh the
              payment.
            </Text>
            <Table.ScrollContainer minWidth={640}>
              <Table verticalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Amount</Table.Th>
                    <Table.Th>Created</Table.Th>
                    <Table.Th>Payment Page</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th w={120}>Actions</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {payments.map((p) => (
                    <Table.Tr key={p.transactionId} data-testid="pending-payment" data-transaction-id={p.transactionId}>
                      <Table.Td fw={600}>{formatUsd(p.amount)}</Table.Td>
                      <Table.Td>{formatDateTime(p.createdAt)}</Table.Td>
                      <Table.Td>
                        <Anchor href={p.paymentUrl} target="_blank" rel="noopener noreferrer" size="sm">
                          Open payment page
                        </Anchor>
                      </Table.Td>
                      <Table.Td>
                        <Badge color="yellow" variant="light" miw="max-content">
                          Pending
                        </Badge>
                      </Table.Td>
                      <Table.Td>
                        <Button
                          size="xs"
                          variant="light"
                          loading={refreshing === p.transactionId}
                          disabled={refreshing !== null && refreshing !== p.transactionId}
                          onClick={() => void refresh(p)}
                          aria-label={`Refresh payment ${p.transactionId}`}
                          data-testid="pending-refresh"
                        >
                          Refresh
                        </Button>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </>
        ) : null}
      </Stack>
    </Paper>
  );
}
