import { NumberInput, type NumberInputProps } from '@mantine/core';

export type MoneyInputProps = Omit<
  NumberInputProps,
  'prefix' | 'decimalScale' | 'allowNegative' | 'thousandSeparator' | 'clampBehavior' | 'step'
>;

/**
 * A dollar amount typed by a person (top-up, admin balance change): '$' prefix, at most 2 decimals, thousands
 * separated, never negative, and never clamped while typing (a value under `min` stays as typed so the form can say
 * why it is refused). The value is Mantine's (a number, or the text as typed); the form turns it into integer cents.
 */
export function MoneyInput(props: MoneyInputProps) {
  return (
    <NumberInput
      placeholder="0.00"
      {...props}
      prefix="$"
      clampBehavior="none"
      step={0.01}
      decimalScale={2}
      thousandSeparator=","
      allowNegative={false}
    />
  );
}
