import type { MarginRow } from '@labeldesk/contracts';
import { ActionIcon, Badge, Group, ScrollArea, Table, Text, UnstyledButton } from '@labeldesk/ui';
import { Fragment, useState } from 'react';
import { LOSS_BG, LossBadge, RowDetail } from './margins-detail';
import {
  CARRIER_NAMES,
  listedMarginText,
  lossLabel,
  money,
  moneyRange,
  ourPrice,
  percent,
  ratesNote,
  type Sort,
  type SortKey,
} from './margins-view';

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

/**
 * One row per API and service (sortable columns, a loss tinted and said in words); a row opens onto its detail. Fits
 * the content width at 1280 px: long texts wrap inside their cells rather than widening the table.
 */
export function MarginsTable({
  rows,
  sort,
  onSort,
}: {
  rows: MarginRow[];
  sort: Sort;
  onSort: (key: SortKey) => void;
}) {
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
      <Table verticalSpacing="xs" data-testid="margins-table">
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
            <Table.Th miw={150}>Status</Table.Th>
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
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.apiName}</Table.Td>
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
