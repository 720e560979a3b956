import { errorMessage, marginQueries } from '@labeldesk/api-client';
import { MARGINS_MESSAGES, type MarginsResponse } from '@labeldesk/contracts';
import {
  Alert,
  Box,
  EmptyState,
  Group,
  keepPreviousData,
  PageHeader,
  Paper,
  QueryBody,
  SegmentedControl,
  Stack,
  Text,
  useQuery,
} from '@labeldesk/ui';
import { type ReactNode, useMemo, useState } from 'react';
import { MarginsPeriodControls } from './MarginsPeriodControls';
import { MarginsSummary } from './MarginsSummary';
import { MarginsTable } from './MarginsTable';
import {
  DEFAULT_PRESET,
  DEFAULT_SORT,
  filterRows,
  isRowFilter,
  nextSort,
  type Period,
  presetPeriod,
  ROW_FILTERS,
  type RowFilter,
  type Sort,
  sortRows,
} from './margins-view';

/**
 * /admin/pricing (issue 13): for each API and service, the provider's current cost against our price (margin per
 * label in $ and %), the labels sold in the period and the gross margin they made (from stored purchases), the
 * customers with custom pricing and their effective margin, losses flagged; a chart of gross margin by carrier.
 */
export default function MarginsPage() {
  const [period, setPeriod] = useState<Period>(() => presetPeriod(DEFAULT_PRESET, new Date()));
  const [sort, setSort] = useState<Sort>(DEFAULT_SORT);
  const [filter, setFilter] = useState<RowFilter>('all');

  // One query per period; another period keeps the last figures under the overlay while it loads.
  const result = useQuery({
    ...marginQueries.period({ from: period.from, to: period.to }),
    placeholderData: keepPreviousData,
  });
  const data = result.isError ? null : (result.data ?? null);
  const rows = useMemo(() => (data ? sortRows(filterRows(data.rows, filter), sort) : []), [data, filter, sort]);

  const margins = (data: MarginsResponse): ReactNode => {
    return (
      <Stack gap="md">
        {data.apis
          .filter((a) => !a.ratesAvailable)
          .map((a) => (
            <Alert key={a.apiId} color="yellow" variant="light" data-testid="margins-rates-warning">
              {a.apiName}: the provider&apos;s current rates could not be read ({a.error}). Its services show the
              figures of labels sold only.
            </Alert>
          ))}
        <MarginsSummary data={data} />
        <Paper withBorder>
          <Group justify="space-between" p="sm" wrap="wrap">
            <SegmentedControl
              aria-label="Which services"
              data={ROW_FILTERS.map((f) => ({ value: f.value, label: f.label }))}
              value={filter}
              onChange={(v) => {
                if (isRowFilter(v)) setFilter(v);
              }}
              data-testid="margins-filter"
            />
            <Text size="xs" c="dimmed" maw={560}>
              Provider cost and margin per label: the provider&apos;s current rates against our price list (the lowest
              margin of any weight, then the highest). Labels sold, average cost paid and gross margin: labels bought in
              the period, from what each customer paid and what the provider charged for it.
            </Text>
          </Group>
          {rows.length === 0 ? (
            <Box data-testid="margins-filter-empty">
              <EmptyState title="No services match">
                {filter === 'loss' ? 'Nothing is sold at a loss.' : 'No labels were bought in this period.'}
              </EmptyState>
            </Box>
          ) : (
            <MarginsTable rows={rows} sort={sort} onSort={(key) => setSort((s) => nextSort(s, key))} />
          )}
        </Paper>
      </Stack>
    );
  };

  return (
    <Stack gap="md">
      <PageHeader
        title="Pricing"
        description="Margins per API and service: what the provider charges us, what we charge, and what labels sold made."
      />
      <MarginsPeriodControls
        period={period}
        onPeriod={setPeriod}
        description={data ? `Labels bought ${data.period.from} to ${data.period.to} (UTC days, both included)` : ''}
      />
      <QueryBody
        result={result}
        testIdPrefix="margins"
        loadingLabel="Loading margins..."
        errorTitle={(e) => errorMessage(e, MARGINS_MESSAGES.loadFailed)}
        isEmpty={(answer) => answer.rows.length === 0}
        empty={
          <EmptyState title="No services to compare">
            Add a shipping API and its services in Service Management: their margins show here.
          </EmptyState>
        }
      >
        {margins}
      </QueryBody>
    </Stack>
  );
}
