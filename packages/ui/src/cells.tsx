import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * Identifiers and emails in table cells are never broken mid-word: an id split over two lines reads as two values and
 * cannot be compared at a glance. An id stays on one line; an email may wrap only before its '@'. A table too wide
 * for the screen scrolls sideways (Table.ScrollContainer).
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

/** A user's email under their name: small and dimmed; on a narrow column it wraps before the '@', nowhere else. */
export function EmailText({ email, testId }: { email: string; testId?: string }) {
  const at = email.lastIndexOf('@');
  return (
    <Text size="xs" c="dimmed" style={{ overflowWrap: 'normal', wordBreak: 'normal' }} data-testid={testId}>
      {at > 0 ? (
        <>
          {email.slice(0, at)}
          <wbr />
          {email.slice(at)}
        </>
      ) : (
        email
      )}
    </Text>
  );
}
