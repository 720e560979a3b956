import { api, errorMessage } from '@labeldesk/api-client';
import { checkedListQuery, ListQuery } from '@labeldesk/contracts';
import {
  Badge,
  Box,
  EmptyState,
  ErrorState,
  formatDateTime,
  formatUsd,
  Group,
  ListFilters,
  LoadingOverlay,
  LoadingState,
  Pagination,
  Paper,
  Stack,
  Table,
  Text,
  Title,
  useListFilterState,
  usePageFor,
  useRemoteList,
} from '@labeldesk/ui';
import type { ReactNode } from 'react';
import {
  amountStyle,
  capitalize,
  HISTORY_PAGE_SIZE,
  signedAmount,
  transactionStatusColor,
} from './transaction-history';

/**
 * SPEC §2 transaction history: search by transaction id or description (on the server), a From/To date range (end
 * day inclusive, from never after to), a table and pages of 10.
 */
export function TransactionHistory({ reloadKey }: { reloadKey: number }) {
  const filters = useListFilterState();
  // The page belongs to one set of filters: any change of search or dates starts again from page 1.
  const [page, setPage] = usePageFor(JSON.stringify(filters.applied));

  const query = checkedListQuery(ListQuery, { page, limit: HISTORY_PAGE_SIZE }, filters.applied);
  // `reloadKey` moves when a pending payment settles on this page: the list reloads behind its overlay.
  const { state, fetching, retry } = useRemoteList(
    query.ok ? query.query : null,
    (q) => api.balance.transactions(q),
    (e) => errorMessage(e, 'Failed to load transaction history'),
    reloadKey,
  );

  let body: ReactNode;
  if (state.kind === 'loading') {
    body = <LoadingState label="Loading transactions..." />;
  } else if (state.kind === 'failed') {
    body = <ErrorState title={state.message} onRetry={retry} />;
  } else if (state.data.transactions.length === 0) {
    body = (
      <Box data-testid="transactions-empty">
        <EmptyState title="No transactions found." />
      </Box>
    );
  } else {
    const total = state.data.totalTransactions;
    const totalPages = Math.max(1, state.data.totalPages);
    body = (
      <Stack gap="sm">
        <Table.ScrollContainer minWidth={900}>
          <Table verticalSpacing="xs" highlightOnHover data-testid="transactions-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Date</Table.Th>
                <Table.Th>Transaction ID</Table.Th>
                <Table.Th>Description</Table.Th>
                <Table.Th>Type</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
                <Table.Th ta="right" style={{ whiteSpace: 'nowrap' }}>
                  Balance After
                </Table.Th>
                <Table.Th>Status</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {state.data.transactions.map((tx) => {
                const look = amountStyle(tx);
                return (
                  <Table.Tr key={tx._id} data-testid="transaction-row" data-transaction-id={tx.transactionId}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(tx.createdAt)}</Table.Td>
                    <Table.Td maw={150}>
                      <Text size="xs" ff="monospace" style={{ wordBreak: 'break-all' }}>
                        {tx.transactionId}
                      </Text>
                    </Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{tx.description}</Table.Td>
                    <Table.Td>{capitalize(tx.type)}</Table.Td>
                    <Table.Td
                      ta="right"
                      fw={600}
                      c={look.color}
                      td={look.struck ? 'line-through' : undefined}
                      style={{ whiteSpace: 'nowrap' }}
                      data-testid="transaction-amount"
                    >
                      {signedAmount(tx, formatUsd)}
                    </Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {tx.balanceAfter === null ? '—' : formatUsd(tx.balanceAfter)}
                    </Table.Td>
                    <Table.Td>
                      <Badge
                        color={transactionStatusColor(tx.status)}
                        variant="light"
                        miw="max-content"
                        data-testid="transaction-status"
                      >
                        {capitalize(tx.status)}
                      </Badge>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Group justify="space-between" wrap="wrap">
          <Text size="sm" c="dimmed" data-testid="transactions-count">
            {total} {total === 1 ? 'transaction' : 'transactions'}
            {totalPages > 1 ? ` · Page ${page} of ${totalPages}` : ''}
          </Text>
          {totalPages > 1 ? (
            <Pagination
              total={totalPages}
              value={page}
              onChange={setPage}
              size="sm"
              getControlProps={(control) => ({ 'aria-label': `${capitalize(control)} page` })}
              data-testid="transactions-pagination"
            />
          ) : null}
        </Group>
      </Stack>
    );
  }

  return (
    <Paper withBorder p="lg" data-testid="transaction-history">
      <Stack gap="md">
        <Title order={3} size="h4">
          Transaction History
        </Title>
        <ListFilters
          testIdPrefix="transactions"
          searchPlaceholder="Search by transaction ID or description"
          {...filters.controls}
          error={query.ok ? null : query.error}
        />
        <Box pos="relative">
          <LoadingOverlay visible={fetching && state.kind === 'ready'} zIndex={10} overlayProps={{ blur: 1 }} />
          {body}
        </Box>
      </Stack>
    </Paper>
  );
}
