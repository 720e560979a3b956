import { adminOrderQueries, api, errorMessage } from '@labeldesk/api-client';
import { checkedListQuery, type DepositListResponse, ListQuery } from '@labeldesk/contracts';
import {
  Badge,
  Button,
  Card,
  EmailText,
  EmptyState,
  formatUsd,
  IdText,
  ListScreen,
  SimpleGrid,
  StatusAlerts,
  saveFile,
  Table,
  Text,
  useListScreen,
} from '@labeldesk/ui';
import { useState } from 'react';
import { DateCell } from '../orders/order-cells';
import { DEPOSIT_CSV_COLUMNS, depositCsvFileName, depositStatus, depositsCsv, titleCaseMethod } from './deposit-format';
import { DEFAULT_PAGE_SIZE, fetchAllDeposits, totalPeriodLabel } from './deposit-query';
/**
 * SPEC §2 Admin: Deposit History (/admin/transactions): total deposits (all time or the date range), search, From/To,
 * Clear Filters, Export CSV of every matching row, the table and First/Prev/Next/Last pagination (ListScreen).
 */
export default function DepositHistoryPage() {
  const list = useListScreen({
    request: ({ page, limit, filters }) => checkedListQuery(ListQuery, { page, limit }, filters),
    query: adminOrderQueries.deposits,
    pageSize: DEFAULT_PAGE_SIZE,
  });
  const data = list.result.data;
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);

  const exportCsv = async () => {
    if (exporting || list.filterError !== null) return;
    setExporting(true);
    setExportError(null);
    try {
      const all = await fetchAllDeposits((q) => api.adminDeposits.list(q), list.applied);
      saveFile(depositsCsv(all), depositCsvFileName(new Date()), 'text/csv;charset=utf-8');
    } catch (e) {
      setExportError(errorMessage(e, 'Failed to export deposit history'));
    } finally {
      setExporting(false);
    }
  };

  return (
    <ListScreen
      list={list}
      variant="page"
      testIdPrefix="deposits"
      title="Deposit History"
      description="Money customers added to their balances: crypto top-ups and admin adjustments."
      actions={
        <Button
          variant="light"
          onClick={() => void exportCsv()}
          loading={exporting}
          disabled={!data || data.deposits.length === 0 || list.filterError !== null}
          data-testid="deposits-export"
        >
          Export CSV
        </Button>
      }
      above={
        <>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" maw={720}>
            <Card withBorder padding="lg">
              <Text size="sm" c="dimmed">
                Total Deposits
              </Text>
              <Text fz={28} fw={700} data-testid="deposits-total">
                {data ? formatUsd(data.totalDeposits) : '—'}
              </Text>
              <Text size="xs" c="dimmed" data-testid="deposits-total-period">
                {totalPeriodLabel(list.values)}
              </Text>
            </Card>
            <Card withBorder padding="lg">
              <Text size="sm" c="dimmed">
                Transactions
              </Text>
              <Text fz={28} fw={700} data-testid="deposits-count">
                {data ? data.totalTransactions : '—'}
              </Text>
              <Text size="xs" c="dimmed">
                {list.active ? 'Matching the filters' : 'All deposits'}
              </Text>
            </Card>
          </SimpleGrid>
          <StatusAlerts
            testIdPrefix="deposits-export"
            error={exportError}
            onDismissError={() => setExportError(null)}
          />
        </>
      }
      filters={{ searchPlaceholder: 'Search by transaction ID, description or user email' }}
      loadingLabel="Loading deposits..."
      errorTitle={(e) => errorMessage(e, 'Failed to load deposit history')}
      isEmpty={(d) => d.deposits.length === 0}
      empty={<EmptyState title="No deposits found matching your criteria." />}
      pagination={{ totalPages: (d) => d.totalPages, firstLast: true }}
    >
      {(d) => <DepositsTable deposits={d.deposits} />}
    </ListScreen>
  );
}

/** SPEC §2 columns: Transaction ID, User, Amount, Method, Description, Date, Status (as the CSV). */
function DepositsTable({ deposits }: { deposits: DepositListResponse['deposits'] }) {
  return (
    <Table.ScrollContainer minWidth={840}>
      <Table verticalSpacing="sm" highlightOnHover data-testid="deposits-table">
        <Table.Thead>
          <Table.Tr>
            {DEPOSIT_CSV_COLUMNS.map((column) => (
              <Table.Th key={column} ta={column === 'Amount' ? 'right' : undefined} style={{ whiteSpace: 'nowrap' }}>
                {column}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {deposits.map((d) => {
            const status = depositStatus(d.status);
            return (
              <Table.Tr key={d._id} data-testid="deposit-row" data-transaction-id={d.transactionId}>
                <Table.Td>
                  <IdText>{d.transactionId}</IdText>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {d.userDetails.name}
                  </Text>
                  <EmailText email={d.userDetails.email || d.user.email} testId="deposit-user-email" />
                </Table.Td>
                <Table.Td ta="right" fw={600} style={{ whiteSpace: 'nowrap' }}>
                  {formatUsd(d.amount)}
                </Table.Td>
                <Table.Td>{titleCaseMethod(d.metadata.method)}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{d.description}</Table.Td>
                <DateCell iso={d.createdAt} />
                <Table.Td>
                  <Badge color={status.color} variant="light" miw="max-content" data-testid="deposit-status">
                    {status.label}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
