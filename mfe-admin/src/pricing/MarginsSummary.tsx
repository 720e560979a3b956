import type { MarginsResponse } from '@labeldesk/contracts';
import { Box, Card, Group, Paper, SimpleGrid, Text, Title } from '@labeldesk/ui';
import type { ReactNode } from 'react';
import { MarginsChart } from './MarginsChart';
import { carrierBars, labelsText, money, percent } from './margins-view';

function Figure({ label, value, testId, loss }: { label: string; value: ReactNode; testId: string; loss?: boolean }) {
  return (
    <Card withBorder padding="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={24} fw={700} data-testid={testId} c={loss ? 'red.9' : undefined}>
        {value}
      </Text>
    </Card>
  );
}

/** The period's totals (labels sold, revenue, provider cost, gross margin) and the gross margin by carrier chart. */
export function MarginsSummary({ data }: { data: MarginsResponse }) {
  const bars = carrierBars(data);
  const { totals } = data;
  return (
    <>
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
        <Figure label="Labels sold" value={totals.labelsSold} testId="margins-total-labels" />
        <Figure label="Revenue" value={money(totals.revenueCents)} testId="margins-total-revenue" />
        <Figure label="Provider cost" value={money(totals.providerCostCents)} testId="margins-total-cost" />
        <Figure
          label={`Gross margin${totals.marginPercent !== null ? ` (${percent(totals.marginPercent)})` : ''}`}
          value={money(totals.grossMarginCents)}
          testId="margins-total-gross"
          loss={totals.grossMarginCents < 0}
        />
      </SimpleGrid>
      {totals.labelsWithoutCost > 0 ? (
        <Text size="sm" c="dimmed">
          {totals.labelsWithoutCost} label(s) were bought before provider costs were recorded: they count as sold but
          not in cost or margin.
        </Text>
      ) : null}

      <Paper withBorder p="md">
        <Title order={4} mb="sm">
          Gross margin by carrier
        </Title>
        {totals.labelsSold === 0 ? (
          <Text c="dimmed" py="xl" ta="center" data-testid="margins-chart-empty">
            No sales in this period
          </Text>
        ) : (
          <Box data-testid="margins-chart">
            <MarginsChart bars={bars} />
            <Group gap="lg" justify="center" data-testid="margins-chart-legend">
              {bars.map((b) => (
                <Text key={b.carrier} fz="sm" c={b.grossMarginCents < 0 ? 'red.9' : undefined}>
                  {b.label}: {money(b.grossMarginCents)} ({labelsText(b.labelsSold)})
                </Text>
              ))}
            </Group>
          </Box>
        )}
      </Paper>
    </>
  );
}
