import { Button, Group, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';

export interface ListFiltersProps {
  /** Prefix of the controls' test ids: `${testIdPrefix}-search`, `-from`, `-to`, `-clear`. */
  testIdPrefix: string;
  searchPlaceholder: string;
  search: string;
  onSearch: (value: string) => void;
  /** Days as YYYY-MM-DD (Mantine's date value); `from` can never be set after `to` (SPEC §5: from <= to). */
  from: string | null;
  to: string | null;
  onFrom: (value: string | null) => void;
  onTo: (value: string | null) => void;
  onClear: () => void;
  clearDisabled: boolean;
}

/** The search box, From/To day pickers and Clear Filters of the history screens. */
export function ListFilters(props: ListFiltersProps) {
  const id = props.testIdPrefix;
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <TextInput
        flex="1 1 260px"
        label="Search"
        placeholder={props.searchPlaceholder}
        value={props.search}
        onChange={(e) => props.onSearch(e.currentTarget.value)}
        data-testid={`${id}-search`}
      />
      <DatePickerInput
        label="From"
        placeholder="Start date"
        clearable
        value={props.from}
        maxDate={props.to ?? undefined}
        onChange={props.onFrom}
        valueFormat="MMM D, YYYY"
        w={170}
        data-testid={`${id}-from`}
      />
      <DatePickerInput
        label="To"
        placeholder="End date"
        clearable
        value={props.to}
        minDate={props.from ?? undefined}
        onChange={props.onTo}
        valueFormat="MMM D, YYYY"
        w={170}
        data-testid={`${id}-to`}
      />
      <Button variant="default" onClick={props.onClear} disabled={props.clearDisabled} data-testid={`${id}-clear`}>
        Clear Filters
      </Button>
    </Group>
  );
}
