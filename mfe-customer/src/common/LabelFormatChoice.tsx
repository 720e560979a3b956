import { SegmentedControl } from '@labeldesk/ui';

/**
 * The format choice in front of label actions (a single label's in My Orders, a bulk order's combined labels in its
 * details): one segment per format offered, nothing when there is only one to choose.
 */
export function LabelFormatChoice<F extends string>({
  formats,
  names,
  value,
  onChange,
  label,
  testId,
}: {
  formats: readonly F[];
  names: Record<F, string>;
  value: F;
  onChange: (format: F) => void;
  label: string;
  testId: string;
}) {
  if (formats.length <= 1) return null;
  return (
    <SegmentedControl
      size="xs"
      w="fit-content"
      aria-label={label}
      data={formats.map((f) => ({ value: f, label: names[f] }))}
      value={value}
      onChange={(next) => onChange(next as F)}
      data-testid={testId}
    />
  );
}
