import { api } from '@labeldesk/api-client';
import {
  REFRESH_DELAYS,
  type RefreshStatsResponse,
  TRACKING_REFRESH_MESSAGES,
  type TrackingRefreshRun,
  type User,
} from '@labeldesk/contracts';
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
} from '@labeldesk/ui';
import { useCallback, useEffect, useRef, useState } from 'react';
import { delayError, progressPercent, REFRESH_POLL_MS, refreshFailureText } from './tracking-refresh';

interface TrackingRefreshModalProps {
  opened: boolean;
  user: User | null;
  onClose: () => void;
}

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
 * progress every 1.5 s while it runs and shows the run's statistics. Mount with a new `key` per opening.
 */
export function TrackingRefreshModal({ opened, user, onClose }: TrackingRefreshModalProps) {
  const [stats, setStats] = useState<RefreshStatsResponse | null>(null);
  const [run, setRun] = useState<TrackingRefreshRun | null>(null);
  const [batchDelay, setBatchDelay] = useState<string | number>(REFRESH_DELAYS.batch.default);
  const [requestDelay, setRequestDelay] = useState<string | number>(REFRESH_DELAYS.request.default);
  const [forceAll, setForceAll] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const userId = user?._id;

  const loadStats = useCallback(async () => {
    if (!userId) return;
    try {
      const s = await api.tracking.refreshStats(userId);
      setStats(s);
      setRun(s.latestRun);
    } catch (e) {
      setError(refreshFailureText(e));
    }
  }, [userId]);

  useEffect(() => {
    if (opened) void loadStats();
  }, [opened, loadStats]);

  // Poll a running run; when it finishes, reload the customer's counts.
  useEffect(() => {
    if (!opened || run?.status !== 'running') return;
    timer.current = setTimeout(async () => {
      try {
        const next = await api.tracking.refreshRun(run.runId);
        setRun(next);
        if (next.status === 'failed') setError(TRACKING_REFRESH_MESSAGES.failed);
        if (next.status !== 'running') void loadStats();
      } catch (e) {
        setError(refreshFailureText(e));
      }
    }, REFRESH_POLL_MS);
    return () => clearTimeout(timer.current);
  }, [opened, run, loadStats]);

  if (!user) return null;
  const batchErr = delayError('batch', batchDelay);
  const requestErr = delayError('request', requestDelay);
  const running = run?.status === 'running';

  const start = async () => {
    if (batchErr || requestErr || busy || running) return;
    setBusy(true);
    setError(null);
    try {
      const res = await api.tracking.refreshUser(user._id, {
        batchDelay: Number(batchDelay),
        requestDelay: Number(requestDelay),
        forceAll,
      });
      setRun(res.run);
    } catch (e) {
      setError(refreshFailureText(e));
    } finally {
      setBusy(false);
    }
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
            <Stat label="Pending" value={s.pendingOrders} testId="stat-pending" />
            <Stat label="Delivery rate" value={`${s.deliveryRate}%`} testId="stat-rate" />
            <Stat label="Updated in last 24 h" value={s.recentlyUpdated} testId="stat-recent" />
          </SimpleGrid>
        ) : error ? null : (
          <Loader size="sm" />
        )}
        <Group grow align="flex-start">
          <NumberInput
            label="Batch delay (ms)"
            value={batchDelay}
            onChange={setBatchDelay}
            min={REFRESH_DELAYS.batch.min}
            max={REFRESH_DELAYS.batch.max}
            step={100}
            error={batchErr}
            disabled={running}
            data-testid="refresh-batch-delay"
          />
          <NumberInput
            label="Request delay (ms)"
            value={requestDelay}
            onChange={setRequestDelay}
            min={REFRESH_DELAYS.request.min}
            max={REFRESH_DELAYS.request.max}
            step={100}
            error={requestErr}
            disabled={running}
            data-testid="refresh-request-delay"
          />
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
            <SimpleGrid cols={{ base: 2, sm: 5 }}>
              <Stat label="Updated" value={run.stats.updated} testId="run-updated" />
              <Stat label="Newly delivered" value={run.stats.newlyDelivered} testId="run-newly-delivered" />
              <Stat label="Pending" value={run.stats.pending} testId="run-pending" />
              <Stat label="Errors" value={run.stats.errors} testId="run-errors" />
              <Stat label="Duration" value={`${run.stats.duration} s`} testId="run-duration" />
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
            onClick={start}
            loading={busy}
            disabled={running || batchErr !== null || requestErr !== null}
            data-testid="refresh-tracking-start"
          >
            {running ? 'Refreshing...' : 'Refresh tracking'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
