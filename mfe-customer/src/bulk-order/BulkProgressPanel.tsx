import type { BulkOrder } from '@labeldesk/contracts';
import { bulkWaitingText, Group, Paper, Progress, Stack, Text, Title } from '@labeldesk/ui';
import { finishedMessage, isRunning, progressOf, progressText } from './bulk-order';

/**
 * The progress of the bulk orders being bought (from the server, so it survives leaving the page), and of those that
 * just ended, at their final count while their message shows (SPEC §4). A bar says when rows wait on the provider.
 */
export function BulkProgressPanel({ bulks, running }: { bulks: readonly BulkOrder[]; running: boolean }) {
  if (bulks.length === 0) return null;
  return (
    <Paper withBorder p="md" data-testid="bulk-progress">
      <Stack gap="sm">
        <Title order={3} size="h5">
          {running ? 'Creating labels' : 'Labels created'}
        </Title>
        {bulks.map((bulk) => {
          const progress = progressOf(bulk);
          const active = isRunning(bulk);
          // Rows the provider rate limited or did not answer: said under the bar, so a stalled count is explained.
          const waiting = active
            ? bulkWaitingText(bulk.processingStatus.labelsWaiting, bulk.processingStatus.nextAttemptAt)
            : '';
          return (
            <Stack
              key={bulk._id}
              gap={4}
              data-testid="bulk-progress-item"
              data-bulk-id={bulk.bulkOrderId}
              data-status={bulk.status}
            >
              <Group justify="space-between">
                <Text size="sm" ff="monospace">
                  {bulk.bulkOrderId}
                </Text>
                <Text size="sm" data-testid="bulk-progress-text">
                  {progressText(progress)}
                </Text>
              </Group>
              <Progress
                value={progress.percent}
                animated={active}
                color={active ? undefined : finishedMessage(bulk.status).color}
                aria-label={`Bulk order ${bulk.bulkOrderId}: ${progress.done} of ${progress.total} labels`}
                data-testid="bulk-progress-bar"
                data-done={progress.done}
                data-total={progress.total}
              />
              {waiting ? (
                <Text size="xs" c="orange.9" data-testid="bulk-progress-waiting">
                  {waiting} Open the bulk order to cancel the labels not bought yet.
                </Text>
              ) : null}
            </Stack>
          );
        })}
      </Stack>
    </Paper>
  );
}
