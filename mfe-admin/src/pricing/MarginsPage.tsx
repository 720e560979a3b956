import { errorMessage, marginQueries } from '@labeldesk/api-client';
import { MARGINS_MESSAGES, type MarginRow, type MarginsResponse } from '@labeldesk/contracts';
import {
  ActionIcon,
  Alert,
  Badge,
  Box,
  Card,
  DatePickerInput,
  EmptyState,
  Group,
  keepPreviousData,
  PageHeader,
  Paper,
  QueryBody,
  ScrollArea,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  UnstyledButton,
  useQuery,
} from '@labeldesk/ui';
import { Fragment, type ReactNode, useMemo, useState } from 'react';
import { MarginsChart } from './MarginsChart';
import {
  bandWeights,
  CARRIER_NAMES,
  carrierBars,
  DEFAULT_PRESET,
  DEFAULT_SORT,
  filterRows,
  isPreset,
  isRowFilter,
  labelsText,
  listedMarginText,
  lossLabel,
  money,
  moneyRange,
  nextSort,
  ourPrice,
  PERIOD_PRESETS,
  type Period,
  percent,
  presetPeriod,
  ROW_FILTERS,
  type RowFilter,
  ratesNote,
  type Sort,
  type SortKey,
  sortRows,
  withDay,
} from './margins-view';

// The lightest red: red.9 text on it reads at 5.1:1 (red.8 on the 'light' tint was 3.7:1, under WCAG AA's 4.5:1).
const LOSS_BG = 'var(--mantine-color-red-0)';

/** A loss is said in words and with a sign, not by colour alone. */
function LossBadge({ label = 'Loss' }: { label?: string }) {
  return (
    <Badge color="red" variant="filled" data-testid="margins-loss-badge">
      <span aria-hidden="true">▼ </span>
      {label}
    </Badge>
  );
}

function SortHeader(props: {
  label: string;
  column: SortKey;
  sort: Sort;
  onSort: (key: SortKey) => void;
  end?: boolean;
}) {
  const active = props.sort.key === props.column;
  const arrow = active ? (props.sort.direction === 'asc' ? '▲' : '▼') : '↕';
  return (
    <Table.Th
      ta={props.end ? 'right' : 'left'}
      aria-sort={active ? (props.sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
    >
      <UnstyledButton
        onClick={() => props.onSort(props.column)}
        data-testid={`margins-sort-${props.column}`}
        fw={600}
        fz="sm"
      >
        {props.label}{' '}
        <Text span c={active ? undefined : 'dimmed'} fz="xs" aria-hidden="true">
          {arrow}
        </Text>
      </UnstyledButton>
    </Table.Th>
  );
}

function RowDetail({ row }: { row: MarginRow }) {
  return (
    <Stack gap="md" p="sm" data-testid="margins-detail">
      <Box>
        <Text fw={600} mb={4}>
          Our price against the provider&apos;s current rates, by weight
        </Text>
        {row.listed ? (
          <Table withTableBorder fz="sm" data-testid="margins-bands">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Weight</Table.Th>
                <Table.Th ta="right">Provider cost</Table.Th>
                <Table.Th ta="right">Our price</Table.Th>
                <Table.Th ta="right">Margin</Table.Th>
                <Table.Th ta="right">Margin %</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {row.listed.bands.map((b) => (
                <Table.Tr key={`${b.fromWeight}-${b.toWeight}`} bg={b.marginCents < 0 ? LOSS_BG : undefined}>
                  <Table.Td>{bandWeights(b, row.weightUnit)}</Table.Td>
                  <Table.Td ta="right">{money(b.providerCostCents)}</Table.Td>
                  <Table.Td ta="right">{money(b.priceCents)}</Table.Td>
                  <Table.Td ta="right" c={b.marginCents < 0 ? 'red.9' : undefined}>
                    {money(b.marginCents)}
                    {b.marginCents < 0 ? ' (loss)' : ''}
                  </Table.Td>
                  <Table.Td ta="right">{percent(b.marginPercent)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : (
          <Text c="dimmed" fz="sm">
            {ratesNote(row) || 'No price to compare'}
          </Text>
        )}
      </Box>
      <Box>
        <Text fw={600} mb={4}>
          Customers with custom pricing on this service
        </Text>
        {row.customers.length === 0 ? (
          <Text c="dimmed" fz="sm" data-testid="margins-no-customers">
            No customer has custom pricing on this service.
          </Text>
        ) : (
          <Table withTableBorder fz="sm" data-testid="margins-customers">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Customer</Table.Th>
                <Table.Th>Their price</Table.Th>
                <Table.Th ta="right">Margin / label (current rates)</Table.Th>
                <Table.Th ta="right">Labels sold</Table.Th>
                <Table.Th ta="right">Gross margin</Table.Th>
                <Table.Th>Status</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {row.customers.map((c) => (
                <Table.Tr
                  key={c.userId}
                  data-testid="margins-customer"
                  data-email={c.email}
                  data-loss={c.loss ? 'true' : 'false'}
                  bg={c.loss ? LOSS_BG : undefined}
                >
                  <Table.Td>
                    <Text fz="sm" fw={500}>
                      {c.name}
                    </Text>
                    <Text fz="xs" c="dimmed">
                      {c.email}
                    </Text>
                  </Table.Td>
                  <Table.Td>{c.rule}</Table.Td>
                  <Table.Td ta="right" data-testid="customer-listed-margin">
                    {listedMarginText(c.listed)}
                    {c.listed ? ` (${percent(c.listed.marginPercent)})` : ''}
                  </Table.Td>
                  <Table.Td ta="right">{c.sold.labelsSold}</Table.Td>
                  <Table.Td ta="right" data-testid="customer-gross-margin">
                    {money(c.sold.grossMarginCents)}
                  </Table.Td>
                  <Table.Td>{c.loss ? <LossBadge label={lossLabel(c)} /> : <Text fz="sm">OK</Text>}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Box>
    </Stack>
  );
}

function MarginsTable({ rows, sort, onSort }: { rows: MarginRow[]; sort: Sort; onSort: (key: SortKey) => void }) {
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (key: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  const columns = 12;
  return (
    <ScrollArea type="auto">
      <Table verticalSpacing="xs" miw={1280} data-testid="margins-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={36} />
            <SortHeader label="API" column="api" sort={sort} onSort={onSort} />
            <SortHeader label="Carrier" column="carrier" sort={sort} onSort={onSort} />
            <SortHeader label="Service" column="service" sort={sort} onSort={onSort} />
            <Table.Th ta="right">Provider cost</Table.Th>
            <Table.Th ta="right">Our price</Table.Th>
            <SortHeader label="Margin / label" column="margin" sort={sort} onSort={onSort} end />
            <SortHeader label="Margin %" column="marginPercent" sort={sort} onSort={onSort} end />
            <SortHeader label="Labels sold" column="labelsSold" sort={sort} onSort={onSort} end />
            <Table.Th ta="right">Avg. cost paid</Table.Th>
            <SortHeader label="Gross margin" column="grossMargin" sort={sort} onSort={onSort} end />
            <Table.Th miw={190}>Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const key = `${row.apiId}/${row.serviceId}`;
            const expanded = open.has(key);
            const note = ratesNote(row);
            return (
              <Fragment key={key}>
                <Table.Tr
                  data-testid="margins-row"
                  data-api={row.apiName}
                  data-carrier={row.carrier}
                  data-service={row.serviceName}
                  data-loss={row.loss ? 'true' : 'false'}
                  bg={row.loss ? LOSS_BG : undefined}
                >
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      size="sm"
                      onClick={() => toggle(key)}
                      aria-expanded={expanded}
                      aria-label={`${expanded ? 'Hide' : 'Show'} details of ${row.serviceName} (${row.apiName})`}
                      data-testid="margins-row-toggle"
                    >
                      <span aria-hidden="true">{expanded ? '▾' : '▸'}</span>
                    </ActionIcon>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{row.apiName}</Table.Td>
                  <Table.Td>{CARRIER_NAMES[row.carrier]}</Table.Td>
                  <Table.Td>
                    <Text fz="sm" fw={500}>
                      {row.serviceName}
                    </Text>
                    {!row.enabled && row.inCatalogue ? (
                      <Text fz="xs" c="dimmed">
                        Disabled
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td ta="right" data-testid="margins-provider-cost">
                    {row.listed ? (
                      moneyRange(row.listed.providerCostMinCents, row.listed.providerCostMaxCents)
                    ) : (
                      <Text span fz="xs" c="dimmed">
                        {note}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td ta="right" data-testid="margins-our-price">
                    {ourPrice(row)}
                  </Table.Td>
                  <Table.Td
                    ta="right"
                    data-testid="margins-listed"
                    c={row.listed && row.listed.marginCents < 0 ? 'red.9' : undefined}
                  >
                    {listedMarginText(row.listed)}
                  </Table.Td>
                  <Table.Td ta="right" data-testid="margins-percent">
                    {percent(row.listed?.marginPercent)}
                  </Table.Td>
                  <Table.Td ta="right" data-testid="margins-labels-sold">
                    {row.sold.labelsSold}
                  </Table.Td>
                  <Table.Td ta="right" data-testid="margins-avg-cost">
                    {money(row.sold.avgProviderCostCents)}
                  </Table.Td>
                  <Table.Td
                    ta="right"
                    data-testid="margins-gross"
                    c={row.sold.grossMarginCents < 0 ? 'red.9' : undefined}
                    fw={600}
                  >
                    {money(row.sold.grossMarginCents)}
                    {row.sold.marginPercent !== null ? (
                      <Text fz="xs" c="dimmed" fw={400}>
                        {percent(row.sold.marginPercent)}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="wrap">
                      {row.loss ? <LossBadge label={lossLabel(row)} /> : null}
                      {row.customersAtLoss > 0 ? (
                        <Badge color="orange" variant="light" data-testid="margins-customers-at-loss">
                          <span aria-hidden="true">⚠ </span>
                          {row.customersAtLoss} customer{row.customersAtLoss === 1 ? '' : 's'} at a loss
                        </Badge>
                      ) : null}
                      {row.customers.length > 0 && row.customersAtLoss === 0 ? (
                        <Badge color="gray" variant="light">
                          {row.customers.length} custom
                        </Badge>
                      ) : null}
                      {!row.loss && row.customersAtLoss === 0 && row.customers.length === 0 ? (
                        <Text fz="sm" c="dimmed">
                          OK
                        </Text>
                      ) : null}
                    </Group>
                  </Table.Td>
                </Table.Tr>
                {expanded ? (
                  <Table.Tr>
                    <Table.Td colSpan={columns} bg="var(--mantine-color-gray-light)">
                      <RowDetail row={row} />
                    </Table.Td>
                  </Table.Tr>
                ) : null}
              </Fragment>
            );
          })}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}

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
    const bars = carrierBars(data);
    const { totals } = data;
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
              No labels were bought in this period.
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
      <Group gap="sm" align="flex-end" wrap="wrap">
        <SegmentedControl
          aria-label="Period"
          data={PERIOD_PRESETS.map((p) => ({ value: p.value, label: p.label }))}
          value={period.preset}
          onChange={(value) => {
            if (isPreset(value)) setPeriod((current) => presetPeriod(value, new Date(), current));
          }}
          data-testid="margins-period"
        />
        <DatePickerInput
          label="From"
          value={period.from}
          maxDate={period.to}
          onChange={(d) => setPeriod((p) => withDay(p, 'from', d))}
          valueFormat="MMM D, YYYY"
          w={170}
          data-testid="margins-from"
        />
        <DatePickerInput
          label="To"
          value={period.to}
          minDate={period.from}
          onChange={(d) => setPeriod((p) => withDay(p, 'to', d))}
          valueFormat="MMM D, YYYY"
          w={170}
          data-testid="margins-to"
        />
        <Text size="sm" c="dimmed" data-testid="margins-period-description">
          {data ? `Labels bought ${data.period.from} to ${data.period.to} (UTC days, both included)` : ''}
        </Text>
      </Group>
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
