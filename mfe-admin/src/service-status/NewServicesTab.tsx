import { api, errorMessage } from '@labeldesk/api-client';
import { CARRIERS, type CheckUpdatesResponse, type ShippingApiConfig } from '@labeldesk/contracts';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  EmptyState,
  Group,
  LoadingState,
  Paper,
  Stack,
  Table,
  Text,
  Title,
  useFlash,
} from '@labeldesk/ui';
import { useCallback, useEffect, useRef, useState } from 'react';
import { CARRIER_LABELS } from '../service-management/api-configs';
import {
  addedMessage,
  buildAddRequest,
  maxWeightText,
  newServiceRows,
  newServicesSummary,
  priceRanges,
  pruneSelection,
  RERUN_DELAY_MS,
  reportEntries,
  reportRequest,
  selectionKey,
  toggleSelection,
} from './service-report';

interface NewServicesTabProps {
  apis: ShippingApiConfig[];
  /** Services were added: the page reloads its configs. */
  onChanged: () => void;
}

/**
 * SPEC §2 Service Report, New Services: what each provider API lists now, new services (not yet among the API's)
 * selectable and added in one go; the check runs on opening, on Refresh and again 1 s after adding (SPEC §4).
 */
export function NewServicesTab({ apis, onChanged }: NewServicesTabProps) {
  const [report, setReport] = useState<CheckUpdatesResponse | null>(null);
  const [checking, setChecking] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [adding, setAdding] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [success, showSuccess, clearSuccess] = useFlash();
  const apisRef = useRef(apis);
  apisRef.current = apis;
  const rerun = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const alive = useRef(true);

  const check = useCallback(async () => {
    setChecking(true);
    setLoadError(null);
    try {
      const res = await api.adminServices.checkUpdates(reportRequest(apisRef.current));
      if (!alive.current) return;
      setReport(res);
      setSelected((current) => pruneSelection(current, newServiceRows(res)));
    } catch (e) {
      if (alive.current) setLoadError(errorMessage(e, 'Failed to fetch service updates from APIs'));
    } finally {
      if (alive.current) setChecking(false);
    }
  }, []);

  useEffect(() => {
    alive.current = true;
    void check();
    return () => {
      alive.current = false;
      clearTimeout(rerun.current);
    };
  }, [check]);

  const add = async () => {
    const built = buildAddRequest(report, selected);
    if (!built.ok) {
      clearSuccess();
      setError(built.error);
      return;
    }
    setAdding(true);
    setError(null);
    try {
      const res = await api.adminServices.addServices(built.body);
      if (!alive.current) return;
      setSelected(new Set());
      showSuccess(addedMessage(res.addedCount));
      onChanged();
      clearTimeout(rerun.current);
      rerun.current = setTimeout(() => void check(), RERUN_DELAY_MS);
    } catch (e) {
      if (alive.current) setError(errorMessage(e, 'Failed to add services'));
    } finally {
      if (alive.current) setAdding(false);
    }
  };

  const entries = report ? reportEntries(report, apis) : [];

  return (
    <Stack gap="md" data-testid="report-new-services">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          Services the provider APIs list now. New ones can be added to an API (enabled, reliability Testing, priced at
          the provider's first tier).
        </Text>
        <Button variant="default" onClick={() => void check()} loading={checking} data-testid="report-refresh">
          Refresh
        </Button>
      </Group>
      {success ? (
        <Alert color="green" variant="light" role="status" data-testid="report-success">
          {success}
        </Alert>
      ) : null}
      {error ? (
        <Alert color="red" variant="light" role="alert" withCloseButton onClose={() => setError(null)}>
          {error}
        </Alert>
      ) : null}
      {loadError ? (
        <Alert color="red" variant="light" role="alert" data-testid="report-load-error">
          {loadError}
        </Alert>
      ) : null}
      {report === null && checking ? <LoadingState label="Checking provider APIs..." /> : null}
      {report !== null && entries.length === 0 ? <EmptyState title="No APIs configured" /> : null}
      {entries.map((entry) => (
        <Paper key={entry.apiId} withBorder p="md" data-testid="report-api" data-api-name={entry.name}>
          <Group justify="space-between" mb="sm">
            <Title order={4}>{entry.name}</Title>
            {entry.ok ? (
              <Text fw={600} c="blue" data-testid="report-api-summary">
                {newServicesSummary(entry.result)}
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
                  <Table.ScrollContainer minWidth={760}>
                    <Table verticalSpacing={6} layout="fixed" data-testid={`report-new-${carrier}`}>
                      <Table.Thead>
                        <Table.Tr>
                          <Table.Th w={64}>Select</Table.Th>
                          <Table.Th>Service</Table.Th>
                          <Table.Th w={240}>Code</Table.Th>
                          <Table.Th w={100}>Status</Table.Th>
                          <Table.Th w={110}>Max Weight</Table.Th>
                          <Table.Th w={190}>Price Ranges</Table.Th>
                        </Table.Tr>
                      </Table.Thead>
                      <Table.Tbody>
                        {entry.result.carriers[carrier].map((service) => {
                          const key = selectionKey(entry.apiId, carrier, service.serviceCode);
                          return (
                            <Table.Tr
                              key={service.serviceCode}
                              data-testid="report-new-row"
                              data-service={service.name}
                              data-new={service.isNew}
                            >
                              <Table.Td>
                                {service.isNew ? (
                                  <Checkbox
                                    aria-label={`Select ${service.name} (${entry.name})`}
                                    checked={selected.has(key)}
                                    onChange={(e) => {
                                      // Read the event now: React clears currentTarget before the updater runs.
                                      const on = e.currentTarget.checked;
                                      setSelected((s) => toggleSelection(s, key, on));
                                    }}
                                    disabled={adding}
                                    data-testid="report-new-select"
                                  />
                                ) : null}
                              </Table.Td>
                              <Table.Td>
                                <Group gap={6} wrap="nowrap">
                                  <Text size="sm" fw={600}>
                                    {service.name}
                                  </Text>
                                  {service.isNew ? (
                                    <Badge color="blue" size="sm" data-testid="new-badge">
                                      NEW
                                    </Badge>
                                  ) : null}
                                </Group>
                              </Table.Td>
                              <Table.Td>
                                <Text size="xs" ff="monospace">
                                  {service.serviceCode}
                                </Text>
                              </Table.Td>
                              <Table.Td>
                                <Badge color={service.status === 'active' ? 'green' : 'gray'} variant="light">
                                  {service.status === 'active' ? 'Active' : 'Inactive'}
                                </Badge>
                              </Table.Td>
                              <Table.Td>{maxWeightText(service)}</Table.Td>
                              <Table.Td>
                                {priceRanges(service).map((line) => (
                                  <Text key={line} size="xs">
                                    {line}
                                  </Text>
                                ))}
                              </Table.Td>
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
            <Alert color="red" variant="light" role="alert" data-testid="report-api-error">
              {entry.error}
            </Alert>
          )}
        </Paper>
      ))}
      <Group justify="flex-end">
        <Button onClick={() => void add()} loading={adding} disabled={checking} data-testid="report-add-selected">
          Add Selected Services ({selected.size})
        </Button>
      </Group>
    </Stack>
  );
}
