import { api, errorMessage } from '@labeldesk/api-client';
import { checkedListQuery, ListQuery, PAGE_SIZES } from '@labeldesk/contracts';
import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  EmailText,
  EmptyState,
  ErrorState,
  formatDateTime,
  formatUsd,
  IdText,
  ListFilters,
  ListPagination,
  LoadingOverlay,
  LoadingState,
  PageHeader,
  Paper,
  SimpleGrid,
  Stack,
  saveFile,
  Table,
  Text,
  useListFilterState,
  usePageFor,
  useRemoteList,
} from '@labeldesk/ui';
import { type ReactNode, useState } from 'react';
import { DEPOSIT_CSV_COLUMNS, depositCsvFileName, depositStatus, depositsCsv, titleCaseMethod } from './deposit-format';
import { DEFAULT_PAGE_SIZE, fetchAllDeposits, isPageSize, type PageSize, totalPeriodLabel } from './deposit-query';

/**
 * SPEC §2 Admin: Deposit History (/admin/transactions): total deposits (all time or the date range), search, From/To,
 * Clear Filters, Export CSV of every matching row, the table and First/Prev/Next/Last pagination.
 */
export default function DepositHistoryPage() {
  const filters = useListFilterState();
  const [limit, setLimit] = useState<PageSize>(DEFAULT_PAGE_SIZE);
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);

  // The page belongs to one set of filters and page size: any change starts again from page 1.
  const [page, setPage] = usePageFor(JSON.stringify([filters.applied, limit]));

  const query = checkedListQuery(ListQuery, { page, limit }, filters.applied);
  const { state, fetching, retry } = useRemoteList(
    query.ok ? query.query : null,
    (q) => api.adminDeposits.list(q),
    (e) => errorMessage(e, 'Failed to load deposit history'),
  );

  const exportCsv = async () => {
    if (exporting || !query.ok) return;
    setExporting(true);
    setExportError(null);
    try {
      const all = await fetchAllDeposits((q) => api.adminDeposits.list(q), filters.applied);
      saveFile(depositsCsv(all), depositCsvFileName(new Date()), 'text/csv;charset=utf-8');
    } catch (e) {
      setExportError(errorMessage(e, 'Failed to export deposit history'));
    } finally {
      setExporting(false);
    }
  };

  const totalPages = state.kind === 'ready' ? Math.max(1, state.data.totalPages) : 1;
  const current = Math.min(page, totalPages);

  let body: ReactNode;
  if (state.kind === 'loading') {
    body = <LoadingState label="Loading deposits..." />;
  } else if (state.kind === 'failed') {
    body = <ErrorState title={state.message} onRetry={retry} />;
  } else if (state.data.deposits.length === 0) {
    body = (
      <Box data-testid="deposits-empty">
        <EmptyState title="No deposits found matching your criteria." />
      </Box>
    );
  } else {
    body = (
      <Table.ScrollContainer minWidth={960}>
        <Table verticalSpacing="sm" highlightOnHover data-testid="deposits-table">
          <Table.Thead>
            <Table.Tr>
              {DEPOSIT_CSV_COLUMNS.map((column) => (
                <Table.Th
                  key={column}
                  ta={column === 'Amount' ? 'right' : undefined}
                  style={{ whiteSpace: 'nowrap', minWidth: column === 'Status' ? 120 : undefined }}
                >
                  {column}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {state.data.deposits.map((d) => {
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
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(d.createdAt)}</Table.Td>
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

  return (
    <Stack gap="md">
      <PageHeader
        title="Deposit History"
        description="Money customers added to their balances: crypto top-ups and admin adjustments."
        actions={
          <Button
            variant="light"
            onClick={() => void exportCsv()}
            loading={exporting}
            disabled={state.kind !== 'ready' || state.data.deposits.length === 0 || !query.ok}
            data-testid="deposits-export"
          >
            Export CSV
          </Button>
        }
      />

      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" maw={720}>
        <Card withBorder padding="lg">
          <Text size="sm" c="dimmed">
            Total Deposits
          </Text>
          <Text fz={28} fw={700} data-testid="deposits-total">
            {state.kind === 'ready' ? formatUsd(state.data.totalDeposits) : '—'}
          </Text>
          <Text size="xs" c="dimmed" data-testid="deposits-total-period">
            {totalPeriodLabel(filters.values)}
          </Text>
        </Card>
        <Card withBorder padding="lg">
          <Text size="sm" c="dimmed">
            Transactions
          </Text>
          <Text fz={28} fw={700} data-testid="deposits-count">
            {state.kind === 'ready' ? state.data.totalTransactions : '—'}
          </Text>
          <Text size="xs" c="dimmed">
            {filters.active ? 'Matching the filters' : 'All deposits'}
          </Text>
        </Card>
      </SimpleGrid>

      {exportError ? (
        <Alert
          color="red"
          variant="light"
          role="alert"
          withCloseButton
          onClose={() => setExportError(null)}
          data-testid="deposits-export-error"
        >
          {exportError}
        </Alert>
      ) : null}

      <Paper withBorder p="md">
        <Stack gap="md">
          <ListFilters
            testIdPrefix="deposits"
            searchPlaceholder="Search by transaction ID, description or user email"
            {...filters.controls}
            error={query.ok ? null : query.error}
          />
          <Box pos="relative">
            <LoadingOverlay visible={fetching && state.kind === 'ready'} zIndex={10} overlayProps={{ blur: 1 }} />
            {body}
          </Box>
          <ListPagination
            testIdPrefix="deposits"
            page={current}
            totalPages={totalPages}
            onPage={setPage}
            pageSize={limit}
            pageSizes={PAGE_SIZES}
            onPageSize={(n) => {
              if (isPageSize(n)) setLimit(n);
            }}
            firstLast
          />
        </Stack>
      </Paper>
    </Stack>
  );
}
