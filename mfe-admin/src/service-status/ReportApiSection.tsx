import { CARRIERS, type Carrier } from '@labeldesk/contracts';
import { Alert, Checkbox, Group, LoadingState, Paper, Stack, StatusAlerts, Table, Text, Title } from '@labeldesk/ui';
import type { ReactNode } from 'react';
import { CARRIER_LABELS } from '../service-management/api-configs';
import { type ReportEntry, selectionKey } from './service-report';

interface ReportTabProps {
  /** The tab's test id. */
  testId: string;
  /** `report` (New Services) or `cleanup`: test ids `<prefix>-success`, `-error` and `-load-error`. */
  testIdPrefix: string;
  /** What the tab lists, beside its action. */
  intro: ReactNode;
  /** Refresh / Scan. */
  action: ReactNode;
  /** The tab's report state (useServiceReport). */
  state: {
    report: unknown;
    running: boolean;
    loadError: string | null;
    success: string | null;
    error: string | null;
    setError: (message: string | null) => void;
  };
  loadingLabel: string;
  children: ReactNode;
}

/**
 * A Service Report tab's frame: its intro and action, its messages (the success clears itself, the error has a close
 * button; then why the report failed), the first run's loading state, then the tab.
 */
export function ReportTab({ testId, testIdPrefix, intro, action, state, loadingLabel, children }: ReportTabProps) {
  return (
    <Stack gap="md" data-testid={testId}>
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {intro}
        </Text>
        {action}
      </Group>
      <StatusAlerts
        testIdPrefix={testIdPrefix}
        success={state.success}
        error={state.error}
        onDismissError={() => state.setError(null)}
      />
      {state.loadError ? (
        <Alert color="red" variant="light" role="alert" data-testid={`${testIdPrefix}-load-error`}>
          {state.loadError}
        </Alert>
      ) : null}
      {state.report === null && state.running ? <LoadingState label={loadingLabel} /> : null}
      {children}
    </Stack>
  );
}

/** An API's report result: its services per carrier. */
interface ReportResult {
  carriers: Record<Carrier, { name: string; serviceCode: string }[]>;
}

type ServiceOf<R extends ReportResult> = R['carriers'][Carrier][number];

interface ReportApiSectionProps<R extends ReportResult> {
  /** `report` (New Services) or `cleanup`: test ids `<prefix>-api`, `-api-summary`, `-api-error`. */
  testIdPrefix: string;
  /** Each carrier's table has test id `<tablePrefix>-<carrier>`. */
  tablePrefix: string;
  entry: ReportEntry<R>;
  summary: (result: R) => string;
  summaryColor: string;
  minWidth: number;
  /** The header cells after Select, Service and Code. */
  columns: ReactNode;
  row: {
    testId: string;
    /** Extra attributes of a row (e.g. `data-new`). */
    data?: (service: ServiceOf<R>) => Record<`data-${string}`, string | boolean>;
    /** Whether the row has a selection checkbox, and its accessible name. */
    canSelect: (service: ServiceOf<R>) => boolean;
    selectLabel: (service: ServiceOf<R>) => string;
    selectTestId: string;
    /** The badge beside the service name, if any. */
    badge: (service: ServiceOf<R>) => ReactNode;
    /** The cells after Select, Service and Code. */
    cells: (service: ServiceOf<R>) => ReactNode;
  };
  selected: ReadonlySet<string>;
  onToggle: (key: string, on: boolean) => void;
  disabled: boolean;
}

/**
 * One API of a Service Report tab: its name and summary, then a table per carrier that has services (Select, Service,
 * Code and the tab's own columns), or the API's error.
 */
export function ReportApiSection<R extends ReportResult>({
  testIdPrefix,
  tablePrefix,
  entry,
  summary,
  summaryColor,
  minWidth,
  columns,
  row,
  selected,
  onToggle,
  disabled,
}: ReportApiSectionProps<R>) {
  return (
    <Paper withBorder p="md" data-testid={`${testIdPrefix}-api`} data-api-name={entry.name}>
      <Group justify="space-between" mb="sm">
        <Title order={4}>{entry.name}</Title>
        {entry.ok ? (
          <Text fw={600} c={summaryColor} data-testid={`${testIdPrefix}-api-summary`}>
            {summary(entry.result)}
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
              <Table.ScrollContainer minWidth={minWidth}>
                <Table verticalSpacing={6} layout="fixed" data-testid={`${tablePrefix}-${carrier}`}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th w={64}>Select</Table.Th>
                      <Table.Th>Service</Table.Th>
                      <Table.Th w={240}>Code</Table.Th>
                      {columns}
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {entry.result.carriers[carrier].map((service) => {
                      const key = selectionKey(entry.apiId, carrier, service.serviceCode);
                      return (
                        <Table.Tr
                          key={service.serviceCode}
                          data-testid={row.testId}
                          data-service={service.name}
                          {...row.data?.(service)}
                        >
                          <Table.Td>
                            {row.canSelect(service) ? (
                              <Checkbox
                                aria-label={row.selectLabel(service)}
                                checked={selected.has(key)}
                                onChange={(e) => onToggle(key, e.currentTarget.checked)}
                                disabled={disabled}
                                data-testid={row.selectTestId}
                              />
                            ) : null}
                          </Table.Td>
                          <Table.Td>
                            <Group gap={6} wrap="nowrap">
                              <Text size="sm" fw={600}>
                                {service.name}
                              </Text>
                              {row.badge(service)}
                            </Group>
                          </Table.Td>
                          <Table.Td>
                            <Text size="xs" ff="monospace">
                              {service.serviceCode}
                            </Text>
                          </Table.Td>
                          {row.cells(service)}
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
        <Alert color="red" variant="light" role="alert" data-testid={`${testIdPrefix}-api-error`}>
          {entry.error}
        </Alert>
      )}
    </Paper>
  );
}
