import type { BulkCsvRowData, BulkRowResult } from '@labeldesk/contracts';
import { weightUnitLabel } from '@labeldesk/pricing';
import { Badge, Checkbox, formatUsd, Group, Pagination, Stack, Table, Text } from '@labeldesk/ui';
import { useState } from 'react';
import { firstErrorText, isSelectable, selectionLevel } from './bulk-order';

/** Rows drawn at once: a 10,000-row file stays quick to draw; selection and totals still cover every row. */
export const VALIDATION_PAGE_SIZE = 100;

/**
 * The validated rows (SPEC §2, §5): every row with its price or its first error (+ '…' when it has more), a checkbox per
 * valid row and one for all of them.
 */
export function ValidationTable({
  rows,
  results,
  selection,
  disabled,
  onToggle,
  onToggleAll,
}: {
  rows: readonly BulkCsvRowData[];
  results: readonly BulkRowResult[];
  selection: ReadonlySet<number>;
  disabled: boolean;
  onToggle: (rowIndex: number) => void;
  onToggleAll: () => void;
}) {
  const level = selectionLevel(selection, results);
  const anySelectable = results.some(isSelectable);
  const pages = Math.max(1, Math.ceil(results.length / VALIDATION_PAGE_SIZE));
  const [requestedPage, setPage] = useState(1);
  const page = Math.min(requestedPage, pages);
  const shown = results.slice((page - 1) * VALIDATION_PAGE_SIZE, page * VALIDATION_PAGE_SIZE);
  return (
    <Stack gap="xs">
      <Table.ScrollContainer minWidth={860} mah={520}>
        <Table verticalSpacing="xs" stickyHeader highlightOnHover data-testid="bulk-validation-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={40}>
                <Checkbox
                  aria-label="Select all valid orders"
                  checked={level === 'all'}
                  indeterminate={level === 'some'}
                  disabled={disabled || !anySelectable}
                  onChange={onToggleAll}
                  data-testid="bulk-select-all"
                />
              </Table.Th>
              <Table.Th>Row</Table.Th>
              <Table.Th>From</Table.Th>
              <Table.Th>To</Table.Th>
              <Table.Th>Package</Table.Th>
              <Table.Th ta="right">Price / Error</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((result) => {
              const row = rows[result.rowIndex];
              const selectable = isSelectable(result);
              const label = `row ${result.rowIndex + 1}`;
              return (
                <Table.Tr
                  key={result.rowIndex}
                  data-testid="bulk-validation-row"
                  data-valid={selectable ? 'true' : 'false'}
                  bg={selectable ? undefined : 'var(--mantine-color-red-light)'}
                >
                  <Table.Td>
                    <Checkbox
                      aria-label={`Select ${label}`}
                      checked={selectable && selection.has(result.rowIndex)}
                      disabled={disabled || !selectable}
                      onChange={() => onToggle(result.rowIndex)}
                      data-testid="bulk-row-select"
                    />
                  </Table.Td>
                  <Table.Td>{result.rowIndex + 1}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{row?.fromName}</Text>
                    <Text size="xs" c="dimmed">
                      {[row?.fromCity, row?.fromState, row?.fromZip].filter(Boolean).join(' ')}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{row?.toName}</Text>
                    <Text size="xs" c="dimmed">
                      {[row?.toCity, row?.toState, row?.toZip].filter(Boolean).join(' ')}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="xs">
                      {row?.weight} {weightUnitLabel(Number(row?.weight), 'lbs')} · {row?.length}×{row?.width}×
                      {row?.height} in
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right" data-testid="bulk-row-outcome">
                    {selectable ? (
                      <Text size="sm" fw={600} data-testid="bulk-row-price">
                        {formatUsd(result.price ?? 0)}
                      </Text>
                    ) : (
                      <Badge
                        color="red"
                        variant="light"
                        tt="none"
                        maw={320}
                        style={{ whiteSpace: 'normal', height: 'auto' }}
                        title={result.errors.join('\n')}
                        data-testid="bulk-row-error"
                      >
                        {firstErrorText(result.errors)}
                      </Badge>
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {pages > 1 ? (
        <Group justify="space-between">
          <Text size="xs" c="dimmed">
            Rows {(page - 1) * VALIDATION_PAGE_SIZE + 1}–{Math.min(page * VALIDATION_PAGE_SIZE, results.length)} of{' '}
            {results.length}
          </Text>
          <Pagination
            total={pages}
            value={page}
            onChange={setPage}
            size="sm"
            getControlProps={(control) => ({ 'aria-label': `${control} page` })}
            data-testid="bulk-validation-pagination"
          />
        </Group>
      ) : null}
    </Stack>
  );
}
