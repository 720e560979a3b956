import { customerKeys, customerMutations, customerQueries } from '@labeldesk/api-client';
import { REFRESH_DELAYS, type User } from '@labeldesk/contracts';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Loader,
  Modal,
  NumberInput,
  Progress,
  SimpleGrid,
  Stack,
  Table,
  Text,
  useApiMutation,
  useInvalidate,
  useQuery,
  useQueryClient,
} from '@labeldesk/ui';
import { useEffect, useRef, useState } from 'react';
import { delayError, progressPercent, refreshErrorText, runPollInterval } from './tracking-refresh';

interface TrackingRefreshModalProps {
  opened: boolean;
  user: User | null;
  onClose: () => void;
}

type DelayKind = 'batch' | 'request';

/** The two delay options (SPEC §9 defaults and ranges in REFRESH_DELAYS). */
const DELAY_FIELDS: ReadonlyArray<{ kind: DelayKind; label: string; testId: string }> = [
  { kind: 'batch', label: 'Batch delay (ms)', testId: 'refresh-batch-delay' },
  { kind: 'request', label: 'Request delay (ms)', testId: 'refresh-request-delay' },
];

function Stat({ label, value, testId }: { label: string; value: string | number; testId: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}

/**
 * SPEC §2 Admin Customers: tracking refresh of one customer. Shows the customer's labels by delivery status, the
 * options (batch delay, request delay, force all; SPEC §9 defaults), starts the refresh (a server job), follows its
 * progress every 1.5 s while it runs (refetchInterval, stopped when it is done) and shows the run's statistics. Mount with a new `key` per opening.
 */
export function TrackingRefreshModal({ opened, user, onClose }: TrackingRefreshModalProps) {
  const client = useQueryClient();
  const invalidate = useInvalidate();
  const [delays, setDelays] = useState<Record<DelayKind, string | number>>({
    batch: REFRESH_DELAYS.batch.default,
    request: REFRESH_DELAYS.request.default,
  });
  const [forceAll, setForceAll] = useState(false);
  const [startedRunId, setStartedRunId] = useState<string | null>(null);
  const [watchedRunFailed, setWatchedRunFailed] = useState(false);
  const userId = user?._id ?? '';

  const statsQuery = useQuery({ ...customerQueries.trackingStats(userId), enabled: opened && userId !== '' });
  const stats = statsQuery.data ?? null;
  const latest = stats?.latestRun ?? null;
  const runId = startedRunId ?? latest?.runId ?? null;

  // The run shown: the one this modal started, else the customer's latest. While it runs it is asked again every
  // 1.5 s (its first answer is already in the cache, so no request at once); the polling stops when it is done.
  const runQuery = useQuery({
    ...customerQueries.trackingRun(runId ?? ''),
    enabled: opened && runId !== null,
    initialData: latest && latest.runId === runId ? latest : undefined,
    refetchInterval: (q) => runPollInterval(q.state.data, q.state.status === 'error'),
  });
  const run = runId === null ? null : (runQuery.data ?? null);
  const status = run?.status;

  // A run seen running that finished: reload the customer's counts; say so when it failed.
  const previous = useRef(status);
  useEffect(() => {
    if (previous.current === 'running' && status !== undefined && status !== 'running') {
      if (status === 'failed') setWatchedRunFailed(true);
      if (userId) invalidate(customerKeys.trackingStats(userId));
    }
    previous.current = status;
  }, [status, userId, invalidate]);

  const start = useApiMutation(customerMutations.refreshTracking, {
    onSuccess: (res) => {
      client.setQueryData(customerKeys.trackingRun(res.run.runId), res.run);
      setWatchedRunFailed(false);
      setStartedRunId(res.run.runId);
    },
  });

  if (!user) return null;
  const delayErrors = { batch: delayError('batch', delays.batch), request: delayError('request', delays.request) };
  const delaysInvalid = delayErrors.batch !== null || delayErrors.request !== null;
  const running = status === 'running';
  const busy = start.isPending;
  const error = refreshErrorText({
    start: busy ? null : start.error,
    poll: runQuery.isError ? runQuery.error : null,
    watchedRunFailed,
    stats: statsQuery.isError ? statsQuery.error : null,
  });

  const begin = () => {
    if (delaysInvalid || busy || running) return;
    start.mutate({
      userId: user._id,
      body: { batchDelay: Number(delays.batch), requestDelay: Number(delays.request), forceAll },
    });
  };

  const s = stats?.userStats;
  return (
    <Modal opened={opened} onClose={onClose} title={`Refresh tracking: ${user.name}`} size="lg">
      <Stack gap="md" data-testid="tracking-refresh-modal">
        {s ? (
          <SimpleGrid cols={{ base: 2, sm: 3 }} data-testid="tracking-user-stats">
            <Stat label="Total orders" value={s.totalOrders} testId="stat-total" />
            <Stat label="Delivered" value={s.deliveredOrders} testId="stat-delivered" />
            <Stat label="In transit" value={s.inTransitOrders} testId="stat-in-transit" />
            <Stat label="Pending (not dropped off)" value={s.pendingOrders} testId="stat-pending" />
            <Stat label="Exceptions" value={s.exceptionOrders} testId="stat-exceptions" />
            <Stat label="Cancelled" value={s.cancelledOrders} testId="stat-cancelled" />
            <Stat label="Delivery rate" value={`${s.deliveryRate}%`} testId="stat-rate" />
            <Stat label="Updated in last 24 h" value={s.recentlyUpdated} testId="stat-recent" />
          </SimpleGrid>
        ) : error ? null : (
          <Loader size="sm" />
        )}
        <Group grow align="flex-start">
          {DELAY_FIELDS.map((field) => (
            <NumberInput
              key={field.kind}
              label={field.label}
              value={delays[field.kind]}
              onChange={(value) => setDelays((current) => ({ ...current, [field.kind]: value }))}
              min={REFRESH_DELAYS[field.kind].min}
              max={REFRESH_DELAYS[field.kind].max}
              step={100}
              error={delayErrors[field.kind]}
              disabled={running}
              data-testid={field.testId}
            />
          ))}
        </Group>
        <Checkbox
          label="Force all (also delivered labels and those checked in the last hour)"
          checked={forceAll}
          onChange={(e) => setForceAll(e.currentTarget.checked)}
          disabled={running}
          data-testid="refresh-force-all"
        />
        {error ? (
          <Alert color="red" variant="light" role="alert" data-testid="tracking-refresh-error">
            {error}
          </Alert>
        ) : null}
        {run ? (
          <Stack gap="xs" data-testid="tracking-refresh-run" data-status={run.status}>
            <Text size="sm" fw={600}>
              {running
                ? `Refreshing... ${run.processed} of ${run.stats.totalOrders} orders`
                : run.status === 'completed'
                  ? `Last refresh: ${run.stats.totalOrders} orders in ${run.stats.duration} s`
                  : 'Last refresh failed'}
            </Text>
            <Progress value={progressPercent(run.processed, run.stats.totalOrders)} animated={running} />
            <SimpleGrid cols={{ base: 2, sm: 4 }}>
              <Stat label="Updated" value={run.stats.updated} testId="run-updated" />
              <Stat label="Newly delivered" value={run.stats.newlyDelivered} testId="run-newly-delivered" />
              <Stat label="Errors" value={run.stats.errors} testId="run-errors" />
              <Stat label="Duration" value={`${run.stats.duration} s`} testId="run-duration" />
            </SimpleGrid>
            <Text size="xs" c="dimmed">
              The labels it looked at, by status after it (each in one):
            </Text>
            <SimpleGrid cols={{ base: 2, sm: 5 }} data-testid="run-buckets">
              <Stat label="Pending (not dropped off)" value={run.stats.pending} testId="run-pending" />
              <Stat label="In transit" value={run.stats.inTransit} testId="run-in-transit" />
              <Stat label="Delivered" value={run.stats.delivered} testId="run-delivered" />
              <Stat label="Exceptions" value={run.stats.exception} testId="run-exceptions" />
              <Stat label="Cancelled" value={run.stats.cancelled} testId="run-cancelled" />
            </SimpleGrid>
            {run.stats.statusChanges.length > 0 ? (
              <Table.ScrollContainer minWidth={400} mah={240}>
                <Table striped data-testid="run-status-changes">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Order</Table.Th>
                      <Table.Th>From</Table.Th>
                      <Table.Th>To</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {run.stats.statusChanges.map((c) => (
                      <Table.Tr key={c.orderId}>
                        <Table.Td>{c.orderId}</Table.Td>
                        <Table.Td>{c.from}</Table.Td>
                        <Table.Td>{c.to}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            ) : null}
          </Stack>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          <Button
            onClick={begin}
            loading={busy}
            disabled={running || delaysInvalid}
            data-testid="refresh-tracking-start"
          >
            {running ? 'Refreshing...' : 'Refresh tracking'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
