import { api, errorMessage, readStoredUser, updateStoredUser } from '@labeldesk/api-client';
import { Button, Card, ErrorState, formatUsd, Group, Loader, PageHeader, Stack, Text } from '@labeldesk/ui';
import { useCallback, useEffect, useState } from 'react';
import { PendingPayments } from './PendingPayments';
import { TopUpModal } from './TopUpModal';
import { TransactionHistory } from './TransactionHistory';

type BalanceState = { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'ready'; balance: number };

/** Re-reads the signed-in user so the header shows the new balance (errors are only logged, as for the shell). */
function refreshHeaderUser() {
  api.auth.verify().then(
    (res) => {
      if (res.user) updateStoredUser(res.user);
    },
    (error: unknown) => console.warn('Token verification failed', error),
  );
}

/** Keeps the header's figure in step with the balance this page just read (a top-up may land while the page loads). */
function syncHeaderBalance(balance: number) {
  const stored = readStoredUser();
  if (stored.kind === 'ok' && stored.user.balance !== balance) updateStoredUser({ ...stored.user, balance });
}

/**
 * SPEC §2 Balance & Transactions: current balance, Top Up (crypto invoice, then the payment page), pending crypto
 * payments with a manual refresh each, and the searchable transaction history.
 */
export default function BalancePage() {
  const [balance, setBalance] = useState<BalanceState>({ kind: 'loading' });
  const [balanceLoad, setBalanceLoad] = useState(0);
  const [historyKey, setHistoryKey] = useState(0);
  const [topUp, setTopUp] = useState({ opened: false, key: 0 });

  // biome-ignore lint/correctness/useExhaustiveDependencies: `balanceLoad` re-runs the load.
  useEffect(() => {
    let active = true;
    api.balance.get().then(
      (res) => {
        if (!active) return;
        setBalance({ kind: 'ready', balance: res.balance });
        syncHeaderBalance(res.balance);
      },
      (e: unknown) => active && setBalance({ kind: 'failed', message: errorMessage(e, 'Failed to load balance') }),
    );
    return () => {
      active = false;
    };
  }, [balanceLoad]);

  const retryBalance = () => {
    setBalance({ kind: 'loading' });
    setBalanceLoad((n) => n + 1);
  };

  const onSettled = useCallback((credited: boolean) => {
    setHistoryKey((n) => n + 1);
    if (!credited) return;
    setBalanceLoad((n) => n + 1);
    refreshHeaderUser();
  }, []);

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

      {balance.kind === 'failed' ? (
        <ErrorState title={balance.message} onRetry={retryBalance} />
      ) : (
        <Card withBorder padding="lg" maw={420}>
          <Text size="sm" c="dimmed">
            Current Balance
          </Text>
          <Group gap="xs" align="baseline">
            {balance.kind === 'loading' ? (
              <Loader size="sm" aria-label="Loading balance" />
            ) : (
              <Text fz={32} fw={700} data-testid="balance-amount">
                {formatUsd(balance.balance)}
              </Text>
            )}
            <Text size="sm" c="dimmed">
              USD
            </Text>
          </Group>
        </Card>
      )}

      <PendingPayments reloadKey={historyKey} onSettled={onSettled} />
      <TransactionHistory reloadKey={historyKey} />

      <TopUpModal key={topUp.key} opened={topUp.opened} onClose={() => setTopUp((t) => ({ ...t, opened: false }))} />
    </Stack>
  );
}
