import { Box, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** One fact in a details view (Order Details): a small uppercase label over its value; `testId` marks the value. */
export function DetailField({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Box fz="sm" data-testid={testId}>
        {children}
      </Box>
    </Stack>
  );
}

/** A DetailField whose value is an id (an order or bulk order id): monospace, broken anywhere rather than overflowing. */
export function DetailIdField({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <DetailField label={label} testId={testId}>
      <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
        {children}
      </Text>
    </DetailField>
  );
}

/** One line of an address block; `strong` sets it in bold (the name). */
export interface PartyCardLine {
  key: string;
  text: string;
  strong?: boolean;
}

/**
 * An order's sender or recipient in Order Details: a small caption ('From', 'To') over the address lines, which each
 * screen formats its own way. A long word (an email, a street) wraps inside the card.
 */
export function PartyCard({
  title,
  lines,
  testId,
}: {
  title: string;
  lines: readonly PartyCardLine[];
  testId: string;
}) {
  return (
    <Paper withBorder p="sm" data-testid={testId}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} mb={4}>
        {title}
      </Text>
      {lines.map((line) => (
        <Text key={line.key} size="sm" fw={line.strong ? 600 : undefined} style={{ overflowWrap: 'anywhere' }}>
          {line.text}
        </Text>
      ))}
    </Paper>
  );
}
