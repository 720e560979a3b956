import { Button, Group, Select, Text } from '@mantine/core';

export interface ListPaginationProps {
  /** Prefix of the test ids: `${testIdPrefix}-page-size`, `-pagination`, `-page-label`. */
  testIdPrefix: string;
  /** The page shown, from 1. */
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
  pageSize: number;
  /** The sizes offered (SPEC §9: 10, 25, 50, 100). */
  pageSizes: readonly number[];
  onPageSize: (size: number) => void;
  /** First and Last buttons around Prev/Next (Deposit History); without them only previous/next. */
  firstLast?: boolean;
  /** Label of the previous-page button; default 'Prev'. */
  previousLabel?: string;
  /** Disables every control (e.g. while the list is being fetched). */
  disabled?: boolean;
}

/** The items-per-page selector and the First/Prev/'Page X of Y'/Next/Last controls under a paged list. */
export function ListPagination(props: ListPaginationProps) {
  const id = props.testIdPrefix;
  const total = Math.max(1, props.totalPages);
  const current = Math.min(Math.max(1, props.page), total);
  const atStart = props.disabled === true || current <= 1;
  const atEnd = props.disabled === true || current >= total;
  return (
    <Group justify="space-between" wrap="wrap" gap="sm">
      <Group gap="xs">
        <Text size="sm">Items per page</Text>
        <Select
          aria-label="Items per page"
          data={props.pageSizes.map((n) => ({ value: String(n), label: String(n) }))}
          value={String(props.pageSize)}
          allowDeselect={false}
          onChange={(v) => {
            const n = Number(v);
            if (props.pageSizes.includes(n)) props.onPageSize(n);
          }}
          w={90}
          size="xs"
          disabled={props.disabled}
          data-testid={`${id}-page-size`}
        />
      </Group>
      <Group gap="xs" data-testid={`${id}-pagination`}>
        {props.firstLast ? (
          <Button size="xs" variant="default" disabled={atStart} onClick={() => props.onPage(1)}>
            First
          </Button>
        ) : null}
        <Button size="xs" variant="default" disabled={atStart} onClick={() => props.onPage(current - 1)}>
          {props.previousLabel ?? 'Prev'}
        </Button>
        <Text size="sm" px="xs" data-testid={`${id}-page-label`}>
          Page {current} of {total}
        </Text>
        <Button size="xs" variant="default" disabled={atEnd} onClick={() => props.onPage(current + 1)}>
          Next
        </Button>
        {props.firstLast ? (
          <Button size="xs" variant="default" disabled={atEnd} onClick={() => props.onPage(total)}>
            Last
          </Button>
        ) : null}
      </Group>
    </Group>
  );
}
