import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { formatDateTime } from './format';
import { Modal } from './modal';

/**
 * What the bulk order details show of rows that cannot finish (customer and admin alike): where each row stands, a
 * notice when rows wait on the provider, and the Cancel button with its confirmation (issue 19).
 */

/** When the cancel call itself failed (no answer, or an unexpected one) and the server said nothing more. */
export const BULK_CANCEL_FAILED = 'Failed to cancel the remaining labels';

/** A row as the details list it (the API's `rowState`, `retryReason`, `nextAttemptAt`, `failureReason`). */
export interface BulkRowStateFields {
  rowState: 'queued' | 'retrying' | 'bought' | 'failed';
  retryReason: string | null;
  nextAttemptAt: string | null;
  failureReason: string | null;
}

/**
 * A row's state cell: `bought` shows `bought` (the screen's delivery status or badges), `failed` says so with the
 * reason, an open row says whether it waits its turn or retries (reason and next attempt).
 */
export function BulkRowState({ row, bought, testId }: { row: BulkRowStateFields; bought: ReactNode; testId?: string }) {
  if (row.rowState === 'bought') {
    return (
      <div data-testid={testId} data-row-state="bought">
        {bought}
      </div>
    );
  }
  if (row.rowState === 'failed') {
    return (
      <Stack gap={0} data-testid={testId} data-row-state="failed">
        <Text size="sm" c="red.8" fw={600}>
          Failed
        </Text>
        {row.failureReason ? (
          <Text size="xs" c="dimmed">
            {row.failureReason}
          </Text>
        ) : null}
      </Stack>
    );
  }
  if (row.rowState === 'queued') {
    return (
      <Text size="sm" data-testid={testId} data-row-state="queued">
        Queued
      </Text>
    );
  }
  return (
    <Stack gap={0} data-testid={testId} data-row-state="retrying">
      <Text size="sm" c="orange.9" fw={600}>
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

/** The one sentence saying rows wait on the provider ('' when none does): the progress bars and the notice use it. */
export function bulkWaitingText(waiting: number, nextAttemptAt: string | null): string {
  if (waiting <= 0) return '';
  const rows = waiting === 1 ? '1 label is' : `${waiting} labels are`;
  return `${rows} waiting on the shipping provider${nextAttemptAt ? `; next attempt ${formatDateTime(nextAttemptAt)}` : ''}.`;
}

/** Under the progress: how many rows wait on the provider, when the next one is tried, and that they can be cancelled. */
export function BulkWaitingNotice({
  waiting,
  nextAttemptAt,
  canCancel,
  testId,
}: {
  waiting: number;
  nextAttemptAt: string | null;
  /** The viewer may cancel (the notice then says what Cancel does). */
  canCancel: boolean;
  testId?: string;
}) {
  if (waiting <= 0) return null;
  return (
    <Alert color="orange" variant="light" data-testid={testId}>
      {bulkWaitingText(waiting, nextAttemptAt)}
      {canCancel ? ' You can cancel the labels not bought yet: their price goes back to the balance at once.' : ''}
    </Alert>
  );
}

/**
 * 'Cancel Remaining Labels' behind a confirmation. `onConfirm` cancels and answers an error text, or null when done
 * (the details then show the final status). The screen shows it while rows remain unbought.
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
      <Button
        color="red"
        variant="outline"
        onClick={() => {
          setError(null);
          setOpen(true);
        }}
        data-testid={`${testIdPrefix}-cancel`}
      >
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
            {remaining === 1
              ? 'The 1 label not bought yet will not be bought, and its price goes back to the balance at once.'
              : `The ${remaining} labels not bought yet will not be bought, and their price goes back to the balance at once.`}{' '}
            Labels already bought stay bought.
          </Text>
          {error ? (
            <Alert color="red" variant="light" role="alert" data-testid={`${testIdPrefix}-cancel-error`}>
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

/** Why and when a bulk order was stopped before every row was bought (its rows not bought then were refunded). */
export function bulkStoppedText(stoppedAt: string, reason: 'customer' | 'admin' | 'deadline' | null): string {
  const when = formatDateTime(stoppedAt);
  if (reason === 'deadline') return `Stopped ${when}: the labels not bought by the deadline were refunded.`;
  if (reason === 'admin') return `Cancelled by an administrator ${when}: the labels not bought were refunded.`;
  return `Cancelled ${when}: the labels not bought were refunded.`;
}

/**
 * The details' notices about rows that cannot finish, customer and admin alike: rows waiting on the provider (while the
 * order runs), the answer of a cancel just made, and when and why the order was stopped. Test ids: `${testIdPrefix}-waiting`,
 * `-cancelled`, `-stopped`.
 */
export function BulkStopNotices({
  running,
  waiting,
  nextAttemptAt,
  canCancel,
  cancelled,
  stoppedAt,
  stopReason,
  testIdPrefix,
}: {
  running: boolean;
  waiting: number;
  nextAttemptAt: string | null;
  canCancel: boolean;
  /** The cancel call's answer, shown once it came. */
  cancelled: string | null;
  stoppedAt: string | null;
  stopReason: 'customer' | 'admin' | 'deadline' | null;
  testIdPrefix: string;
}) {
  return (
    <>
      {running ? (
        <BulkWaitingNotice
          waiting={waiting}
          nextAttemptAt={nextAttemptAt}
          canCancel={canCancel}
          testId={`${testIdPrefix}-waiting`}
        />
      ) : null}
      {cancelled ? (
        <Alert color="green" variant="light" data-testid={`${testIdPrefix}-cancelled`}>
          {cancelled}
        </Alert>
      ) : null}
      {stoppedAt ? (
        <Text size="sm" c="dimmed" data-testid={`${testIdPrefix}-stopped`}>
          {bulkStoppedText(stoppedAt, stopReason)}
        </Text>
      ) : null}
    </>
  );
}
