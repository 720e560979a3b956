import { adminOrderQueries, errorMessage } from '@labeldesk/api-client';
import type { LabelStats, LabelStatsPeriod } from '@labeldesk/contracts';
import {
  Box,
  Card,
  formatUsd,
  Group,
  keepPreviousData,
  PageHeader,
  Paper,
  QueryBody,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  useQuery,
} from '@labeldesk/ui';
import { type ReactNode, useState } from 'react';
import { CarrierChart } from './CarrierChart';
import {
  carrierRows,
  DEFAULT_PERIOD,
  isEmptyPeriod,
  isPeriod,
  PERIOD_OPTIONS,
  periodDescription,
  STATS_LOAD_FAILED,
} from './label-stats';

/**
 * SPEC §2 Admin: Overview (/admin): label statistics for a period (today, week = last 7 days, month = last month, all):
 * labels and revenue per carrier as a chart and a table, with the totals. One query per period
 * (adminOrderQueries.labelStats); while another period loads, the last figures stay under the loading overlay.
 */
export default function OverviewPage() {
  const [period, setPeriod] = useState<LabelStatsPeriod>(DEFAULT_PERIOD);
  const result = useQuery({ ...adminOrderQueries.labelStats(period), placeholderData: keepPreviousData });

  const stats = (stats: LabelStats): ReactNode => {
    const rows = carrierRows(stats);
    return (
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" maw={720}>
          <Card withBorder padding="lg">
            <Text size="sm" c="dimmed">
              Total Labels
            </Text>
            <Text fz={28} fw={700} data-testid="label-stats-total-labels">
              {stats.totals.totalLabels}
            </Text>
          </Card>
          <Card withBorder padding="lg">
            <Text size="sm" c="dimmed">
              Total Revenue
            </Text>
            <Text fz={28} fw={700} data-testid="label-stats-total-revenue">
              {formatUsd(stats.totals.totalRevenue)}
            </Text>
          </Card>
        </SimpleGrid>

        <Paper withBorder p="md">
          <Title order={4} mb="sm">
            Labels and revenue by carrier
          </Title>
          {isEmptyPeriod(stats) ? (
            <Text c="dimmed" py="xl" ta="center" data-testid="label-stats-chart-empty">
              No labels were bought in this period.
            </Text>
          ) : (
            <Box data-testid="label-stats-chart">
              <CarrierChart rows={rows} />
            </Box>
          )}
        </Paper>

        <Paper withBorder>
          <Table verticalSpacing="sm" data-testid="label-stats-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Carrier</Table.Th>
                <Table.Th ta="right">Labels</Table.Th>
                <Table.Th ta="right">Revenue</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.carrier} data-testid={`label-stats-row-${row.carrier}`}>
                  <Table.Td fw={600}>{row.label}</Table.Td>
                  <Table.Td ta="right" data-testid="label-stats-count">
                    {row.count}
                  </Table.Td>
                  <Table.Td ta="right" data-testid="label-stats-revenue">
                    {formatUsd(row.revenue)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr data-testid="label-stats-totals" fw={700}>
                <Table.Td>Total</Table.Td>
                <Table.Td ta="right" data-testid="label-stats-count">
                  {stats.totals.totalLabels}
                </Table.Td>
                <Table.Td ta="right" data-testid="label-stats-revenue">
                  {formatUsd(stats.totals.totalRevenue)}
                </Table.Td>
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        </Paper>
      </Stack>
    );
  };

  return (
    <Stack gap="md">
      <PageHeader title="Overview" description="Label statistics: labels bought and revenue per carrier." />
      <Group justify="space-between" wrap="wrap" gap="sm">
        <SegmentedControl
          aria-label="Period"
          data={PERIOD_OPTIONS.map((o) => ({ value: o.value, label: o.label }))}
          value={period}
          onChange={(value) => {
            if (isPeriod(value)) setPeriod(value);
          }}
          data-testid="label-stats-period"
        />
        <Text size="sm" c="dimmed" data-testid="label-stats-period-description">
          {periodDescription(period)}
        </Text>
      </Group>
      <QueryBody
        result={result}
        testIdPrefix="label-stats"
        loadingLabel="Loading label statistics..."
        errorTitle={(e) => errorMessage(e, STATS_LOAD_FAILED)}
      >
        {stats}
      </QueryBody>
    </Stack>
  );
}
