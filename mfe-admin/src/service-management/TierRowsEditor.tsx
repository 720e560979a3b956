import type { WeightUnit } from '@labeldesk/contracts';
import { Alert, Button, Group, NumberInput, Stack, Table, Text } from '@labeldesk/ui';
import { addTierRow, issuesForRow, removeTierRow, type TierRow, type TierRowIssue, updateTierRow } from './tier-editor';

interface TierRowsEditorProps {
  rows: TierRow[];
  onChange: (rows: TierRow[]) => void;
  /** Unit of the service's weights (lbs, or oz for an oz service). */
  unit: WeightUnit;
  /** Price a new tier starts with (USD). */
  basePrice: number;
  issues: TierRowIssue[];
  disabled?: boolean;
  /** Prefix for data-testid values, so two editors on one screen stay apart. */
  testId?: string;
}

/**
 * Weight tier rows (start, end, price) with Add Tier and Remove; at least one row remains. Problems from
 * `checkTierRows` are shown under the row they belong to (SPEC §5 texts), list-wide ones above the table.
 */
export function TierRowsEditor({
  rows,
  onChange,
  unit,
  basePrice,
  issues,
  disabled = false,
  testId = 'tier',
}: TierRowsEditorProps) {
  const listIssues = issuesForRow(issues, 0);
  const set = (key: number, field: 'start' | 'end' | 'price', value: string | number) =>
    onChange(updateTierRow(rows, key, { [field]: value }));

  return (
    <Stack gap="xs">
      {listIssues.length > 0 ? (
        <Alert color="red" variant="light" role="alert" data-testid={`${testId}-list-error`}>
          {listIssues.join(' ')}
        </Alert>
      ) : null}
      <Table verticalSpacing={6} data-testid={`${testId}-rows`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={60}>Tier</Table.Th>
            <Table.Th>Start ({unit})</Table.Th>
            <Table.Th>End ({unit})</Table.Th>
            <Table.Th>Price (USD)</Table.Th>
            <Table.Th w={90} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, index) => {
            const number = index + 1;
            const rowIssues = issuesForRow(issues, number);
            return [
              <Table.Tr key={row.key} data-testid={`${testId}-row`}>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {number}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <NumberInput
                    aria-label={`Tier ${number} start`}
                    size="xs"
                    min={0}
                    clampBehavior="none"
                    step={0.01}
                    decimalScale={2}
                    value={row.start}
                    onChange={(v) => set(row.key, 'start', v)}
                    disabled={disabled}
                    error={rowIssues.length > 0}
                    data-testid={`${testId}-start`}
                  />
                </Table.Td>
                <Table.Td>
                  <NumberInput
                    aria-label={`Tier ${number} end`}
                    size="xs"
                    min={0}
                    clampBehavior="none"
                    step={0.01}
                    decimalScale={2}
                    value={row.end}
                    onChange={(v) => set(row.key, 'end', v)}
                    disabled={disabled}
                    error={rowIssues.length > 0}
                    data-testid={`${testId}-end`}
                  />
                </Table.Td>
                <Table.Td>
                  <NumberInput
                    aria-label={`Tier ${number} price`}
                    size="xs"
                    prefix="$"
                    fixedDecimalScale
                    min={0}
                    clampBehavior="none"
                    step={0.01}
                    decimalScale={2}
                    value={row.price}
                    onChange={(v) => set(row.key, 'price', v)}
                    disabled={disabled}
                    error={rowIssues.length > 0}
                    data-testid={`${testId}-price`}
                  />
                </Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    onClick={() => onChange(removeTierRow(rows, row.key))}
                    disabled={disabled || rows.length <= 1}
                    aria-label={`Remove tier ${number}`}
                    data-testid={`${testId}-remove`}
                  >
                    Remove
                  </Button>
                </Table.Td>
              </Table.Tr>,
              rowIssues.length > 0 ? (
                <Table.Tr key={`${row.key}-issues`}>
                  <Table.Td colSpan={5} pt={0}>
                    {rowIssues.map((message) => (
                      <Text key={message} size="xs" c="red" role="alert" data-testid={`${testId}-error`}>
                        {message}
                      </Text>
                    ))}
                  </Table.Td>
                </Table.Tr>
              ) : null,
            ];
          })}
        </Table.Tbody>
      </Table>
      <Group>
        <Button
          size="xs"
          variant="light"
          onClick={() => onChange(addTierRow(rows, basePrice))}
          disabled={disabled}
          data-testid={`${testId}-add`}
        >
          Add Tier
        </Button>
      </Group>
    </Stack>
  );
}
