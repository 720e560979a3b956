import { balanceKeys, balanceMutations, balanceQueries, errorMessage } from '@labeldesk/api-client';
import type { PendingCryptoPayment } from '@labeldesk/contracts';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  FLASH_MS,
  formatDateTime,
  formatUsd,
  Group,
  Paper,
  RetryAlert,
  Stack,
  Table,
  Text,
  Title,
  useApiMutation,
  useInvalidate,
  useQuery,
} from '@labeldesk/ui';
import { useEffect, useRef, useState } from 'react';
import { livePendingPayments, PENDING_POLL_MS, type RefreshOutcome, refreshOutcome } from './pending-payments';

const REFRESH_FAILED = 'Failed to refresh payment status';

/**
 * SPEC §2 pending crypto payments (younger than 24 h): amount, created time, a link to the payment page and a manual
 * Refresh per payment that asks the server to re-check the invoice. Hidden while there is nothing to show.
 * "Payments are checked automatically": while any payment is pending the list is polled every 5 s, and when one
 * leaves it (paid, expired) the balance — here, in the header, everywhere — and the history are refetched.
 */
export function PendingPayments() {
  const invalidate = useInvalidate();
  const pending = useQuery({
    ...balanceQueries.pendingPayments(),
    select: (res) => livePendingPayments(res.transactions, new Date()),
    refetchInterval: (q) =>
      q.state.data && livePendingPayments(q.state.data.transactions, new Date()).length > 0 ? PENDING_POLL_MS : false,
  });
  const refreshPayment = useApiMutation(balanceMutations.refreshPayment);
  const [refreshing, setRefreshing] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<RefreshOutcome | null>(null);

  // A payment that was pending and is no longer settled on the server: the balance and history follow.
  const ids = pending.data?.map((p) => p.transactionId).join(' ') ?? null;
  const seen = useRef<string | null>(null);
  useEffect(() => {
    if (ids === null) return;
    const before = seen.current;
    seen.current = ids;
    if (before?.split(' ').some((id) => id !== '' && !ids.split(' ').includes(id))) {
      invalidate(balanceKeys.current(), balanceKeys.transactionsAll);
    }
  }, [ids, invalidate]);

  // SPEC §4: messages clear after 3 s; a failure stays until dismissed or replaced.
  useEffect(() => {
    if (!outcome || outcome.color === 'red') return;
    const timer = setTimeout(() => setOutcome(null), FLASH_MS);
    return () => clearTimeout(timer);
  }, [outcome]);

  const refresh = async (payment: PendingCryptoPayment) => {
    if (refreshing) return;
    setRefreshing(payment.transactionId);
    setOutcome(null);
    try {
      // Invalidates every balance key on success: the list, the balance and the history refetch.
      setOutcome(refreshOutcome(await refreshPayment.mutateAsync(payment.transactionId)));
    } catch (e) {
      setOutcome({ color: 'red', text: errorMessage(e, REFRESH_FAILED), settled: false, credited: false });
    } finally {
      setRefreshing(null);
    }
  };

  const list = pending.isError
    ? { kind: 'failed' as const, message: errorMessage(pending.error, 'Failed to load pending payments') }
    : { kind: 'ready' as const };
  const payments = pending.data ?? [];
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
          <RetryAlert message={list.message} onRetry={() => void pending.refetch()} testId="pending-error" />
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
