import type { MarginRow } from '@labeldesk/contracts';
import { Badge, Box, Stack, Table, Text } from '@labeldesk/ui';
import { bandWeights, listedMarginText, lossLabel, money, percent, ratesNote } from './margins-view';

// The lightest red: red.9 text on it reads at 5.1:1 (red.8 on the 'light' tint was 3.7:1, under WCAG AA's 4.5:1).
export const LOSS_BG = 'var(--mantine-color-red-0)';

/** A loss is said in words and with a sign, not by colour alone. */
export function LossBadge({ label = 'Loss' }: { label?: string }) {
  return (
    <Badge color="red" variant="filled" data-testid="margins-loss-badge">
      <span aria-hidden="true">▼ </span>
      {label}
    </Badge>
  );
}

/** What a margins row shows when opened: the price by weight band, and the customers with custom pricing on it. */
export function RowDetail({ row }: { row: MarginRow }) {
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
