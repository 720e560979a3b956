import { AMAZON_CARRIER, type DescriptionSource, type GroupMethod } from '@labeldesk/amazon';
import { Badge, Checkbox, Group, Radio, Stack, Text } from '@labeldesk/ui';

/** 'single' = one CSV; otherwise a ZIP of one CSV per SKU or per product name. */
export type SplitMode = 'single' | GroupMethod;

export interface ConversionOptionsValue {
  descriptionSource: DescriptionSource;
  splitByQuantity: boolean;
  splitMode: SplitMode;
}

export const DEFAULT_OPTIONS: ConversionOptionsValue = {
  descriptionSource: 'productName',
  splitByQuantity: false,
  splitMode: 'single',
};

const isDescriptionSource = (value: string): value is DescriptionSource => value === 'productName' || value === 'sku';
const isSplitMode = (value: string): value is SplitMode =>
  value === 'single' || value === 'sku' || value === 'productName';

/** Description source, one label per unit, and how the download is split (SPEC §2). The carrier is always UPS. */
export function ConversionOptions({
  value,
  onChange,
}: {
  value: ConversionOptionsValue;
  onChange: (next: ConversionOptionsValue) => void;
}) {
  return (
    <Stack gap="md">
      <Radio.Group
        label="Label Description"
        value={value.descriptionSource}
        onChange={(next) => isDescriptionSource(next) && onChange({ ...value, descriptionSource: next })}
        data-testid="description-source"
      >
        <Group gap="lg" mt={6}>
          <Radio value="productName" label="Use Product Name" />
          <Radio value="sku" label="Use SKU" />
        </Group>
      </Radio.Group>

      <Checkbox
        label="Create separate label for each item quantity"
        checked={value.splitByQuantity}
        onChange={(event) => onChange({ ...value, splitByQuantity: event.currentTarget.checked })}
        data-testid="split-by-quantity"
      />

      <Radio.Group
        label="Output Files"
        value={value.splitMode}
        onChange={(next) => isSplitMode(next) && onChange({ ...value, splitMode: next })}
        data-testid="split-mode"
      >
        <Group gap="lg" mt={6}>
          <Radio value="single" label="Single File" />
          <Radio value="sku" label="Split by SKU" />
          <Radio value="productName" label="Split by Product Name" />
        </Group>
      </Radio.Group>

      <Group gap="xs">
        <Text size="sm" fw={500}>
          Carrier:
        </Text>
        <Badge variant="light" color="yellow" data-testid="carrier">
          {AMAZON_CARRIER}
        </Badge>
      </Group>
    </Stack>
  );
}
