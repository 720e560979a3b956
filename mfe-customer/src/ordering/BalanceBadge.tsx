import { balanceQueries, errorMessage } from '@labeldesk/api-client';
import { formatUsd, Paper, queryPhase, Text, useQuery } from '@labeldesk/ui';

/**
 * The balance in the header of Manual Order and Bulk Order: the shared balance query (a purchase invalidates it), '…'
 * until it answers, SPEC §8 'Failed to load account balance' when it fails.
 */
export function BalanceBadge({ testId, errorTestId }: { testId: string; errorTestId?: string }) {
  const query = useQuery(balanceQueries.current());
  const { phase } = queryPhase(query);
  return (
    <Paper withBorder px="md" py="xs">
      {phase === 'failed' ? (
        <Text size="sm" c="red" role="alert" data-testid={errorTestId}>
          {errorMessage(query.error, 'Failed to load account balance')}
        </Text>
      ) : (
        <Text size="sm">
          Balance:{' '}
          <Text span fw={700} data-testid={testId}>
            {query.data ? formatUsd(query.data.balance) : '…'}
          </Text>
        </Text>
      )}
    </Paper>
  );
}
