import { balanceQueries, errorMessage } from '@labeldesk/api-client';
import { checkedListQuery, ListQuery } from '@labeldesk/contracts';
import { Badge, EmptyState, formatDateTime, formatUsd, ListScreen, Table, Text, useListScreen } from '@labeldesk/ui';
import {
  amountStyle,
  capitalize,
  HISTORY_PAGE_SIZE,
  signedAmount,
  transactionStatusColor,
} from './transaction-history';

/**
 * SPEC §2 transaction history: search by transaction id or description (on the server), a From/To date range (end
 * day inclusive, from never after to), a table and pages (10 first). A settled payment invalidates it (balanceKeys).
 */
export function TransactionHistory() {
  const list = useListScreen({
    request: ({ page, limit, filters }) => checkedListQuery(ListQuery, { page, limit }, filters),
    query: balanceQueries.transactions,
    pageSize: HISTORY_PAGE_SIZE,
  });
  return (
    <ListScreen
      list={list}
      testIdPrefix="transactions"
      testId="transaction-history"
      title="Transaction History"
      filters={{ searchPlaceholder: 'Search by transaction ID or description' }}
      loadingLabel="Loading transactions..."
      errorTitle={(e) => errorMessage(e, 'Failed to load transaction history')}
      empty={<EmptyState title="No transactions found." />}
      footer={(data) => (
        <Text size="sm" c="dimmed" data-testid="transactions-count">
          {data.totalTransactions} {data.totalTransactions === 1 ? 'transaction' : 'transactions'}
        </Text>
      )}
      pagination={{ totalPages: (data) => data.totalPages }}
      table={{
        testId: 'transactions-table',
        minWidth: 900,
        columns: [
          { label: 'Date' },
          { label: 'Transaction ID' },
          { label: 'Description' },
          { label: 'Type' },
          { label: 'Amount', align: 'right' },
          { label: 'Balance After', align: 'right', nowrap: true },
          { label: 'Status' },
        ],
        rows: (data) => data.transactions,
        row: (tx) => {
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
        },
      }}
    />
  );
}
