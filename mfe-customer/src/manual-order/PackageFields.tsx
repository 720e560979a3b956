import { ORDER_REFERENCE_MAX } from '@labeldesk/contracts';
import {
  Group,
  Input,
  NumberInput,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  TextInput,
  Title,
  type UseFormReturnType,
} from '@labeldesk/ui';
import type { OrderFormValues } from './order-values';

interface PackageFieldsProps {
  form: UseFormReturnType<OrderFormValues, unknown>;
  /** SPEC §5 'Weight exceeds maximum allowed ...' for the chosen service, shown under the weight. */
  weightError: string | null;
  disabled: boolean;
}

const DIMENSIONS = ['length', 'width', 'height'] as const;

/**
 * The Package Details block of Manual Order: weight and unit, the three dimensions, description and declared value,
 * and the reference printed on the label.
 */
export function PackageFields({ form, weightError, disabled }: PackageFieldsProps) {
  const number = (name: 'weight' | 'length' | 'width' | 'height' | 'value') => ({
    ...form.getInputProps(`packageDetails.${name}`),
    disabled,
  });
  const weight = number('weight');
  return (
    <Paper withBorder p="md" data-testid="package-details">
      <Stack gap="sm">
        <Title order={3} size="h4">
          Package Details
        </Title>
        <Group align="flex-start" gap="sm" wrap="wrap">
          <NumberInput
            label="Weight"
            withAsterisk
            min={0.1}
            step={0.1}
            decimalScale={2}
            allowNegative={false}
            w={240}
            {...weight}
            error={weightError ?? weight.error}
            data-testid="package-weight"
          />
          <Input.Wrapper label="Unit">
            <SegmentedControl
              display="flex"
              data={[
                { value: 'lbs', label: 'lbs' },
                { value: 'oz', label: 'oz' },
              ]}
              {...form.getInputProps('packageDetails.weightUnit')}
              disabled={disabled}
              data-testid="package-weight-unit"
            />
          </Input.Wrapper>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          {DIMENSIONS.map((dim) => (
            <NumberInput
              key={dim}
              label={`${dim.charAt(0).toUpperCase()}${dim.slice(1)} (in)`}
              withAsterisk
              min={0.1}
              step={0.1}
              decimalScale={2}
              allowNegative={false}
              {...number(dim)}
              data-testid={`package-${dim}`}
            />
          ))}
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label="Description"
            maxLength={200}
            {...form.getInputProps('packageDetails.description')}
            disabled={disabled}
            data-testid="package-description"
          />
          <NumberInput
            label="Declared Value (USD)"
            min={0}
            step={0.01}
            decimalScale={2}
            allowNegative={false}
            {...number('value')}
            data-testid="package-value"
          />
        </SimpleGrid>
        <TextInput
          label="Reference"
          description={`Printed on the label (optional, up to ${ORDER_REFERENCE_MAX} characters)`}
          placeholder="e.g. PO-1042"
          {...form.getInputProps('reference')}
          disabled={disabled}
          data-testid="order-reference"
        />
      </Stack>
    </Paper>
  );
}
