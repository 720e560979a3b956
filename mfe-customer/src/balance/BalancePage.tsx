import { balanceQueries, errorMessage } from '@labeldesk/api-client';
import { Button, Card, ErrorState, formatUsd, Group, Loader, PageHeader, Stack, Text, useQuery } from '@labeldesk/ui';
import { useState } from 'react';
import { LowBalanceAlert } from './LowBalanceAlert';
import { PendingPayments } from './PendingPayments';
import { TopUpModal } from './TopUpModal';
import { TransactionHistory } from './TransactionHistory';

/**
 * SPEC §2 Balance & Transactions: current balance, Top Up (crypto invoice, then the payment page), pending crypto
 * payments with a manual refresh each, the low-balance alert (issue 23) and the searchable transaction history.
 */
export default function BalancePage() {
  // The shared balance query: the header shows the same figure, and a settled payment invalidates both. This page
  // always reads it on mount, even right after the header did: a payment settled between the two reads would
  // otherwise be missing from the balance while already gone from the pending list (nothing left to poll).
  const balance = useQuery({ ...balanceQueries.current(), refetchOnMount: 'always' });
  const [topUp, setTopUp] = useState({ opened: false, key: 0 });

  return (
    <Stack gap="lg">
      <PageHeader
        title="Balance & Transactions"
        description="Top up your prepaid balance and follow every payment and label purchase."
        actions={
          <Button onClick={() => setTopUp((t) => ({ opened: true, key: t.key + 1 }))} data-testid="topup-open">
            Top Up
          </Button>
        }
      />

      {balance.isError ? (
        <ErrorState title={errorMessage(balance.error, 'Failed to load balance')} onRetry={() => balance.refetch()} />
      ) : (
        <Card withBorder padding="lg" maw={420}>
          <Text size="sm" c="dimmed">
            Current Balance
          </Text>
          <Group gap="xs" align="baseline">
            {balance.data === undefined ? (
              <Loader size="sm" aria-label="Loading balance" />
            ) : (
              <Text fz={32} fw={700} data-testid="balance-amount">
                {formatUsd(balance.data.balance)}
              </Text>
            )}
            <Text size="sm" c="dimmed">
              USD
            </Text>
          </Group>
        </Card>
      )}

      <LowBalanceAlert />
      <PendingPayments />
      <TransactionHistory />

      <TopUpModal key={topUp.key} opened={topUp.opened} onClose={() => setTopUp((t) => ({ ...t, opened: false }))} />
    </Stack>
  );
}
