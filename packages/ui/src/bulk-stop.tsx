import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { formatDateTime } from './format';

/**
 * What the bulk order details show of rows that cannot finish (customer and admin alike): where each row stands, a
 * notice when rows wait on the provider, and the Cancel button with its confirmation.
 */

/** A row as the details list it (the API's `rowState`, `retryReason`, `nextAttemptAt`, `failureReason`). */
export interface BulkRowStateFields {
  rowState: 'queued' | 'retrying' | 'bought' | 'failed';
  retryReason: string | null;
  nextAttemptAt: string | null;
  failureReason: string | null;
}

/** An open row's state: waiting its turn, or retrying with the reason and the next attempt. */
export function BulkRowWaiting({ row, testId }: { row: BulkRowStateFields; testId?: string }) {
  if (row.rowState === 'queued') {
    return (
      <Text size="sm" data-testid={testId}>
        Queued
      </Text>
    );
  }
  return (
    <Stack gap={0} data-testid={testId}>
      <Text size="sm" c="orange" fw={600}>
        Retrying
      </Text>
      {row.retryReason ? (
        <Text size="xs" c="dimmed">
          {row.retryReason}
        </Text>
      ) : null}
      {row.nextAttemptAt ? (
        <Text size="xs" c="dimmed">
          Next attempt {formatDateTime(row.nextAttemptAt)}
        </Text>
      ) : null}
    </Stack>
  );
}

/** Under the progress: how many rows wait on the provider and when the next one is tried. */
export function BulkWaitingNotice({
  waiting,
  nextAttemptAt,
  testId,
}: {
  waiting: number;
  nextAttemptAt: string | null;
  testId?: string;
}) {
  if (waiting === 0) return null;
  return (
    <Alert color="orange" variant="light" data-testid={testId}>
      {waiting === 1 ? '1 label is' : `${waiting} labels are`} waiting on the shipping provider
      {nextAttemptAt ? `; next attempt ${formatDateTime(nextAttemptAt)}` : ''}. You can cancel the labels not bought
      yet: their price goes back to the balance at once.
    </Alert>
  );
}

/**
 * 'Cancel Remaining Labels' behind a confirmation. `onConfirm` cancels and answers an error text, or null when done
 * (the details then refresh with the final status). Shown by the screen while rows remain.
 */
export function BulkCancelButton({
  remaining,
  onConfirm,
  testIdPrefix,
}: {
  remaining: number;
  onConfirm: () => Promise<string | null>;
  testIdPrefix: string;
}) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      const failure = await onConfirm();
      if (failure) setError(failure);
      else setOpen(false);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button color="red" variant="outline" onClick={() => setOpen(true)} data-testid={`${testIdPrefix}-cancel`}>
        Cancel Remaining Labels
      </Button>
      <Modal
        opened={open}
        onClose={() => (busy ? undefined : setOpen(false))}
        title="Cancel remaining labels?"
        centered
        zIndex={400}
      >
        <Stack gap="md" data-testid={`${testIdPrefix}-cancel-confirm`}>
          <Text size="sm">
            {remaining === 1 ? 'The 1 label' : `The ${remaining} labels`} not bought yet will not be bought, and
            {remaining === 1 ? ' its price goes' : ' their price goes'} back to the balance at once. Labels already
            bought stay bought.
          </Text>
          {error ? (
            <Alert color="red" variant="light" data-testid={`${testIdPrefix}-cancel-error`}>
              {error}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setOpen(false)} disabled={busy}>
              Keep Buying
            </Button>
            <Button
              color="red"
              loading={busy}
              onClick={() => void confirm()}
              data-testid={`${testIdPrefix}-cancel-yes`}
            >
              Cancel Labels
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
