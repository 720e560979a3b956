import { Alert, Button, CloseButton, Group, Stack, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import type { ReactNode } from 'react';

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
  /**
   * Why the filters cannot be sent (e.g. the contract's 'From date cannot be after To date'), shown under them in a red
   * alert with test id `${testIdPrefix}-filter-error`; null or absent while they are fine.
   */
  error?: string | null;
  /** Text of the clear-everything button; default 'Clear Filters'. */
  clearLabel?: string;
  /** A clear (×) button inside the search box, test id `${testIdPrefix}-search-clear`. */
  searchClearable?: boolean;
  /** Only the search box (and `children`): no From/To pickers, no Clear Filters (e.g. Amazon confirmation's list). */
  searchOnly?: boolean;
  /** More filter controls (e.g. a status select), placed between the search box and the dates. */
  children?: ReactNode;
}

/**
 * The search box, optional extra filters, From/To day pickers and Clear Filters of the list screens, and the filter
 * error under them. Always one Stack, so the controls keep their focus when the error comes and goes.
 */
export function ListFilters(props: ListFiltersProps) {
  const id = props.testIdPrefix;
  return (
    <Stack gap="md">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          flex="1 1 260px"
          label="Search"
          placeholder={props.searchPlaceholder}
          value={props.search}
          onChange={(e) => props.onSearch(e.currentTarget.value)}
          rightSection={
            props.searchClearable && props.search ? (
              <CloseButton
                size="sm"
                aria-label="Clear search"
                onClick={() => props.onSearch('')}
                data-testid={`${id}-search-clear`}
              />
            ) : null
          }
          data-testid={`${id}-search`}
        />
        {props.children}
        {props.searchOnly ? null : (
          <>
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
            <Button
              variant="default"
              onClick={props.onClear}
              disabled={props.clearDisabled}
              data-testid={`${id}-clear`}
            >
              {props.clearLabel ?? 'Clear Filters'}
            </Button>
          </>
        )}
      </Group>
      {props.error ? (
        <Alert color="red" variant="light" role="alert" data-testid={`${id}-filter-error`}>
          {props.error}
        </Alert>
      ) : null}
    </Stack>
  );
}
