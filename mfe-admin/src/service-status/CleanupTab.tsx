import { providerMutations, serviceReportQueries } from '@labeldesk/api-client';
import type { ShippingApiConfig } from '@labeldesk/contracts';
import {
  Alert,
  Badge,
  Button,
  EmptyState,
  formatUsd,
  Group,
  Modal,
  Stack,
  Table,
  Text,
  useApiMutation,
} from '@labeldesk/ui';
import { useState } from 'react';
import { EnabledBadge } from '../service-management/CarrierServiceTables';
import { ReportApiSection, ReportTab } from './ReportApiSection';
import { reliabilityColor, reliabilityLabel } from './reliability';
import {
  buildRemoveRequest,
  cleanupRows,
  obsoleteSummary,
  removalConfirmText,
  removedMessage,
  reportEntries,
} from './service-report';
import { useServiceReport } from './use-service-report';

interface CleanupTabProps {
  apis: ShippingApiConfig[];
}

/**
 * SPEC §2/§4 Service Cleanup: scan, select, confirm, remove. Our services the provider APIs no longer list, removed
 * after a 'Confirm Service Removal' dialog; the scan runs again 1 s after a removal.
 */
export function CleanupTab({ apis }: CleanupTabProps) {
  const [confirming, setConfirming] = useState(false);
  const removeServices = useApiMutation(providerMutations.removeServices);
  const state = useServiceReport({
    apis,
    query: serviceReportQueries.cleanup,
    rows: cleanupRows,
    loadFailed: 'Failed to fetch cleanup report from APIs',
    runOnMount: false,
  });
  const { report, selected, toggle, applying: removing, apply, setError, reject, running: scanning, run: scan } = state;

  const askToRemove = () => {
    const built = buildRemoveRequest(report, selected);
    if (!built.ok) {
      reject(built.error);
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
    await apply(
      () => removeServices.mutateAsync(built.body),
      (res) => removedMessage(res.removedCount),
      'Failed to remove services',
      () => setConfirming(false),
    );
  };

  const entries = report ? reportEntries(report, apis) : [];
  const selectedCount = buildRemoveRequest(report, selected);
  const count = selectedCount.ok ? selectedCount.body.services.length : 0;
  const nothingObsolete = report !== null && cleanupRows(report).length === 0;

  return (
    <ReportTab
      testId="report-cleanup"
      testIdPrefix="cleanup"
      intro="Services of ours that the provider APIs no longer offer."
      action={
        <Button onClick={scan} loading={scanning} data-testid="cleanup-scan">
          Scan for Obsolete Services
        </Button>
      }
      state={state}
      loadingLabel="Scanning provider APIs..."
    >
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
          <ReportApiSection
            key={entry.apiId}
            testIdPrefix="cleanup"
            tablePrefix="cleanup"
            entry={entry}
            summary={obsoleteSummary}
            summaryColor="red"
            minWidth={720}
            columns={
              <>
                <Table.Th w={110}>Status</Table.Th>
                <Table.Th w={120}>Reliability</Table.Th>
                <Table.Th w={110} ta="right">
                  Base Price
                </Table.Th>
              </>
            }
            row={{
              testId: 'cleanup-row',
              canSelect: () => true,
              selectLabel: (service) => `Select ${service.name} (${entry.name}) for removal`,
              selectTestId: 'cleanup-select',
              badge: () => (
                <Badge color="red" size="sm" data-testid="remove-badge">
                  REMOVE
                </Badge>
              ),
              cells: (service) => (
                <>
                  <Table.Td>
                    <EnabledBadge enabled={service.enabled} />
                  </Table.Td>
                  <Table.Td>
                    <Badge color={reliabilityColor(service.reliabilityStatus)}>
                      {reliabilityLabel(service.reliabilityStatus)}
                    </Badge>
                  </Table.Td>
                  <Table.Td ta="right">{formatUsd(service.basePrice)}</Table.Td>
                </>
              ),
            }}
            selected={selected}
            onToggle={toggle}
            disabled={removing}
          />
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
    </ReportTab>
  );
}
