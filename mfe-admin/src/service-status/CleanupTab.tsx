import { api, errorMessage } from '@labeldesk/api-client';
import { CARRIERS, type CleanupReportResponse, type ShippingApiConfig } from '@labeldesk/contracts';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  EmptyState,
  formatUsd,
  Group,
  LoadingState,
  Modal,
  Paper,
  Stack,
  Table,
  Text,
  Title,
  useFlash,
} from '@labeldesk/ui';
import { useCallback, useEffect, useRef, useState } from 'react';
import { CARRIER_LABELS } from '../service-management/api-configs';
import { reliabilityColor, reliabilityLabel } from './reliability';
import {
  buildRemoveRequest,
  cleanupRows,
  obsoleteSummary,
  pruneSelection,
  RERUN_DELAY_MS,
  removalConfirmText,
  removedMessage,
  reportEntries,
  reportRequest,
  selectionKey,
  toggleSelection,
} from './service-report';

interface CleanupTabProps {
  apis: ShippingApiConfig[];
  /** Services were removed: the page reloads its configs. */
  onChanged: () => void;
}

/**
 * SPEC §2/§4 Service Cleanup: scan, select, confirm, remove. Our services the provider APIs no longer list, removed
 * after a 'Confirm Service Removal' dialog; the scan runs again 1 s after a removal.
 */
export function CleanupTab({ apis, onChanged }: CleanupTabProps) {
  const [report, setReport] = useState<CleanupReportResponse | null>(null);
  const [scanning, setScanning] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const [removing, setRemoving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [success, showSuccess, clearSuccess] = useFlash();
  const apisRef = useRef(apis);
  apisRef.current = apis;
  const rerun = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const alive = useRef(true);

  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
      clearTimeout(rerun.current);
    };
  }, []);

  const scan = useCallback(async () => {
    setScanning(true);
    setLoadError(null);
    try {
      const res = await api.adminServices.cleanupReport(reportRequest(apisRef.current));
      if (!alive.current) return;
      setReport(res);
      setSelected((current) => pruneSelection(current, cleanupRows(res)));
    } catch (e) {
      if (alive.current) setLoadError(errorMessage(e, 'Failed to fetch cleanup report from APIs'));
    } finally {
      if (alive.current) setScanning(false);
    }
  }, []);

  const askToRemove = () => {
    const built = buildRemoveRequest(report, selected);
    if (!built.ok) {
      clearSuccess();
      setError(built.error);
      return;
    }
    setError(null);
    setConfirming(true);
  };

  const remove = async () => {
    const built = buildRemoveRequest(report, selected);
    if (!built.ok) {
      setConfirming(false);
      setError(built.error);
      return;
    }
    setRemoving(true);
    try {
      const res = await api.adminServices.removeServices(built.body);
      if (!alive.current) return;
      setSelected(new Set());
      setConfirming(false);
      showSuccess(removedMessage(res.removedCount));
      onChanged();
      clearTimeout(rerun.current);
      rerun.current = setTimeout(() => void scan(), RERUN_DELAY_MS);
    } catch (e) {
      if (!alive.current) return;
      setConfirming(false);
      setError(errorMessage(e, 'Failed to remove services'));
    } finally {
      if (alive.current) setRemoving(false);
    }
  };

  const entries = report ? reportEntries(report, apis) : [];
  const selectedCount = buildRemoveRequest(report, selected);
  const count = selectedCount.ok ? selectedCount.body.services.length : 0;
  const nothingObsolete = report !== null && cleanupRows(report).length === 0;

  return (
    <Stack gap="md" data-testid="report-cleanup">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          Services of ours that the provider APIs no longer offer.
        </Text>
        <Button onClick={() => void scan()} loading={scanning} data-testid="cleanup-scan">
          Scan for Obsolete Services
        </Button>
      </Group>
      {success ? (
        <Alert color="green" variant="light" role="status" data-testid="cleanup-success">
          {success}
        </Alert>
      ) : null}
      {error ? (
        <Alert color="red" variant="light" role="alert" withCloseButton onClose={() => setError(null)}>
          {error}
        </Alert>
      ) : null}
      {loadError ? (
        <Alert color="red" variant="light" role="alert" data-testid="cleanup-load-error">
          {loadError}
        </Alert>
      ) : null}
      {report === null && scanning ? <LoadingState label="Scanning provider APIs..." /> : null}
      {report === null && !scanning ? (
        <div data-testid="cleanup-empty">
          <EmptyState title="No scan yet">
            Click "Scan for Obsolete Services" to find services the provider APIs no longer offer.
          </EmptyState>
        </div>
      ) : null}
      {nothingObsolete ? (
        <Alert color="green" variant="light" data-testid="cleanup-none">
          No obsolete services found: every service is still offered by its provider API.
        </Alert>
      ) : null}
      {entries.map((entry) =>
        entry.ok && entry.result.obsoleteServices === 0 ? null : (
          <Paper key={entry.apiId} withBorder p="md" data-testid="cleanup-api" data-api-name={entry.name}>
            <Group justify="space-between" mb="sm">
              <Title order={4}>{entry.name}</Title>
              {entry.ok ? (
                <Text fw={600} c="red" data-testid="cleanup-api-summary">
                  {obsoleteSummary(entry.result)}
                </Text>
              ) : null}
            </Group>
            {entry.ok ? (
              <Stack gap="sm">
                {CARRIERS.filter((c) => entry.result.carriers[c].length > 0).map((carrier) => (
                  <div key={carrier}>
                    <Text fw={600} mb={4}>
                      {CARRIER_LABELS[carrier]}
                    </Text>
                    <Table.ScrollContainer minWidth={720}>
                      <Table verticalSpacing={6} layout="fixed" data-testid={`cleanup-${carrier}`}>
                        <Table.Thead>
                          <Table.Tr>
                            <Table.Th w={64}>Select</Table.Th>
                            <Table.Th>Service</Table.Th>
                            <Table.Th w={240}>Code</Table.Th>
                            <Table.Th w={110}>Status</Table.Th>
                            <Table.Th w={120}>Reliability</Table.Th>
                            <Table.Th w={110} ta="right">
                              Base Price
                            </Table.Th>
                          </Table.Tr>
                        </Table.Thead>
                        <Table.Tbody>
                          {entry.result.carriers[carrier].map((service) => {
                            const key = selectionKey(entry.apiId, carrier, service.serviceCode);
                            return (
                              <Table.Tr key={service.serviceCode} data-testid="cleanup-row" data-service={service.name}>
                                <Table.Td>
                                  <Checkbox
                                    aria-label={`Select ${service.name} (${entry.name}) for removal`}
                                    checked={selected.has(key)}
                                    onChange={(e) => {
                                      // Read the event now: React clears currentTarget before the updater runs.
                                      const on = e.currentTarget.checked;
                                      setSelected((s) => toggleSelection(s, key, on));
                                    }}
                                    disabled={removing}
                                    data-testid="cleanup-select"
                                  />
                                </Table.Td>
                                <Table.Td>
                                  <Group gap={6} wrap="nowrap">
                                    <Text size="sm" fw={600}>
                                      {service.name}
                                    </Text>
                                    <Badge color="red" size="sm" data-testid="remove-badge">
                                      REMOVE
                                    </Badge>
                                  </Group>
                                </Table.Td>
                                <Table.Td>
                                  <Text size="xs" ff="monospace">
                                    {service.serviceCode}
                                  </Text>
                                </Table.Td>
                                <Table.Td>
                                  <Badge color={service.enabled ? 'green' : 'gray'} variant="light">
                                    {service.enabled ? 'Enabled' : 'Disabled'}
                                  </Badge>
                                </Table.Td>
                                <Table.Td>
                                  <Badge color={reliabilityColor(service.reliabilityStatus)}>
                                    {reliabilityLabel(service.reliabilityStatus)}
                                  </Badge>
                                </Table.Td>
                                <Table.Td ta="right">{formatUsd(service.basePrice)}</Table.Td>
                              </Table.Tr>
                            );
                          })}
                        </Table.Tbody>
                      </Table>
                    </Table.ScrollContainer>
                  </div>
                ))}
              </Stack>
            ) : (
              <Alert color="red" variant="light" role="alert" data-testid="cleanup-api-error">
                {entry.error}
              </Alert>
            )}
          </Paper>
        ),
      )}
      {report !== null && !nothingObsolete ? (
        <Group justify="flex-end">
          <Button
            color="red"
            onClick={askToRemove}
            disabled={scanning || removing}
            data-testid="cleanup-remove-selected"
          >
            Remove Selected Services ({count})
          </Button>
        </Group>
      ) : null}

      <Modal
        opened={confirming}
        onClose={() => !removing && setConfirming(false)}
        title="Confirm Service Removal"
        centered
        closeOnClickOutside={!removing}
        closeOnEscape={!removing}
        zIndex={400}
      >
        <Stack gap="md" data-testid="cleanup-confirm">
          <Text size="sm" data-testid="cleanup-confirm-text">
            {removalConfirmText(count)}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)} disabled={removing}>
              Cancel
            </Button>
            <Button color="red" onClick={() => void remove()} disabled={removing} data-testid="cleanup-confirm-remove">
              {removing ? 'Removing...' : 'Confirm Removal'}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
