import { Button, Table, Text } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';
import { formatUsd } from './format';

/**
 * Identifiers and emails in table cells are never broken mid-word: an id split over two lines reads as two values and
 * cannot be compared at a glance. An id stays on one line; an email may wrap only before its '@' and after a dot. A
 * table too wide for the screen scrolls sideways (Table.ScrollContainer).
 */

/** An order, bulk order, transaction or tracking id: monospace, one line. */
export function IdText({
  children,
  size = 'xs',
  testId,
}: {
  children: ReactNode;
  size?: 'xs' | 'sm';
  testId?: string;
}) {
  return (
    <Text size={size} ff="monospace" style={{ whiteSpace: 'nowrap' }} data-testid={testId}>
      {children}
    </Text>
  );
}

/**
 * A user's email under their name: small and dimmed. On a narrow column it wraps before the '@' and after a dot of the
 * part before it (a long "first.last.tag" local part is what widened the admin tables at 1280 px), nowhere else.
 */
export function EmailText({ email, testId, size = 'xs' }: { email: string; testId?: string; size?: 'xs' | 'sm' }) {
  const at = email.lastIndexOf('@');
  const local = at > 0 ? email.slice(0, at).split(/(?<=\.)/) : [];
  return (
    <Text size={size} c="dimmed" style={{ overflowWrap: 'normal', wordBreak: 'normal' }} data-testid={testId}>
      {at > 0 ? (
        <>
          {local.map((part, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one fixed string, never reordered
            <Fragment key={i}>
              {i > 0 ? <wbr /> : null}
              {part}
            </Fragment>
          ))}
          <wbr />
          {email.slice(at)}
        </>
      ) : (
        email
      )}
    </Text>
  );
}

/** A money amount in its own table cell: right-aligned, bold, on one line. */
export function MoneyCell({ amount, testId }: { amount: number; testId?: string }) {
  return (
    <Table.Td ta="right" fw={600} style={{ whiteSpace: 'nowrap' }} data-testid={testId}>
      {formatUsd(amount)}
    </Table.Td>
  );
}

/**
 * One action of a table row (View, Download, All Labels...): a compact light button named for its row (`label`, e.g.
 * 'View details of order X'); `loading` spins it while its own action runs, `disabled` keeps it off meanwhile.
 */
export function RowButton({
  children,
  label,
  testId,
  onClick,
  color,
  loading,
  disabled,
  title,
}: {
  children: ReactNode;
  label: string;
  testId: string;
  onClick: () => void;
  color?: string;
  loading?: boolean;
  disabled?: boolean;
  title?: string;
}) {
  return (
    <Button
      size="compact-xs"
      variant="light"
      color={color}
      onClick={onClick}
      loading={loading}
      disabled={disabled}
      title={title}
      aria-label={label}
      data-testid={testId}
    >
      {children}
    </Button>
  );
}
