import { DatePickerInput, Group, SegmentedControl, Text } from '@labeldesk/ui';
import { isPreset, PERIOD_PRESETS, type Period, presetPeriod, withDay } from './margins-view';

/** The period of the margins page: a preset (this month, last 30 days...) or From/To days, and what it covers. */
export function MarginsPeriodControls({
  period,
  onPeriod,
  description,
}: {
  period: Period;
  onPeriod: (update: (current: Period) => Period) => void;
  description: string;
}) {
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <SegmentedControl
        aria-label="Period"
        data={PERIOD_PRESETS.map((p) => ({ value: p.value, label: p.label }))}
        value={period.preset}
        onChange={(value) => {
          if (isPreset(value)) onPeriod((current) => presetPeriod(value, new Date(), current));
        }}
        data-testid="margins-period"
      />
      <DatePickerInput
        label="From"
        value={period.from}
        maxDate={period.to}
        onChange={(d) => onPeriod((p) => withDay(p, 'from', d))}
        valueFormat="MMM D, YYYY"
        w={170}
        data-testid="margins-from"
      />
      <DatePickerInput
        label="To"
        value={period.to}
        minDate={period.from}
        onChange={(d) => onPeriod((p) => withDay(p, 'to', d))}
        valueFormat="MMM D, YYYY"
        w={170}
        data-testid="margins-to"
      />
      <Text size="sm" c="dimmed" data-testid="margins-period-description">
        {description}
      </Text>
    </Group>
  );
}
