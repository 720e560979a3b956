import type { DimensionValue, SkuInfo } from '@labeldesk/amazon';
import {
  Button,
  type FormErrors,
  Group,
  NumberInput,
  Paper,
  ScrollArea,
  Stack,
  Table,
  Text,
  Title,
} from '@labeldesk/ui';
import type { FormEvent } from 'react';
import { type DimensionField, type DimensionsFormValues, isMarked } from './dimensions-form';

const FIELDS: ReadonlyArray<{ field: DimensionField; label: string; unit: string }> = [
  { field: 'weight', label: 'Weight', unit: 'lbs' },
  { field: 'length', label: 'Length', unit: 'in' },
  { field: 'width', label: 'Width', unit: 'in' },
  { field: 'height', label: 'Height', unit: 'in' },
];

interface Props {
  skus: readonly SkuInfo[];
  /** The page's dimension form (useContractForm over `dimensionsFormSchema`): its values and its field errors. */
  values: DimensionsFormValues;
  errors: FormErrors;
  onChange: (sku: string, field: DimensionField, value: DimensionValue) => void;
  onSubmit: () => void;
}

/**
 * One package per SKU: weight (lbs), length, width, height (inches); all required, min 0.1, step 0.1 (SPEC §2/§5). The
 * field a failed check names is marked, or every empty field of the SKU when it said "fill in all".
 */
export function DimensionsForm({ skus, values, errors, onChange, onSubmit }: Props) {
  const inputs = values.inputs;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit();
  };
  const plural = skus.length === 1 ? 'SKU' : 'SKUs';
  return (
    <Paper withBorder p="md" radius="md" data-testid="dimensions-form">
      <form onSubmit={submit} noValidate aria-label="Package dimensions">
        <Stack gap="sm">
          <div>
            <Title order={4}>Package Dimensions</Title>
            <Text size="sm" c="dimmed">
              Your file has {skus.length} {plural}. Enter the package weight (lbs) and size (inches) for each; every
              order line with that SKU ships in this package.
            </Text>
          </div>
          <ScrollArea type="auto">
            <Table striped verticalSpacing="xs" miw={820}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>SKU</Table.Th>
                  <Table.Th>Product</Table.Th>
                  <Table.Th>Units</Table.Th>
                  {FIELDS.map(({ field, label, unit }) => (
                    <Table.Th key={field} w={120} style={{ whiteSpace: 'nowrap' }}>
                      {label} ({unit}) *
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {skus.map((info, index) => (
                  <Table.Tr key={info.sku} data-testid={`dimension-row-${index}`} data-sku={info.sku}>
                    <Table.Td>
                      <Text size="sm" fw={600} style={{ wordBreak: 'break-all' }}>
                        {info.sku}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" lineClamp={2} title={info.productName}>
                        {info.productName || '—'}
                      </Text>
                    </Table.Td>
                    <Table.Td>{info.units}</Table.Td>
                    {FIELDS.map(({ field, label, unit }) => (
                      <Table.Td key={field}>
                        <NumberInput
                          size="xs"
                          aria-label={`${label} (${unit}) for SKU ${info.sku}`}
                          data-testid={`dimension-${field}-${index}`}
                          value={inputs[info.sku]?.[field] ?? ''}
                          onChange={(value) => onChange(info.sku, field, value)}
                          min={0.1}
                          step={0.1}
                          decimalScale={2}
                          allowNegative={false}
                          required
                          withAsterisk={false}
                          error={isMarked(errors, info.sku, field, inputs[info.sku]?.[field])}
                        />
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
          <Group justify="flex-end">
            <Button type="submit" data-testid="complete-setup">
              Complete Setup &amp; Convert Orders
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
