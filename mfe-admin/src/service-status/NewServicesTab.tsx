import { providerMutations, serviceReportQueries } from '@labeldesk/api-client';
import type { ShippingApiConfig } from '@labeldesk/contracts';
import { Badge, Button, EmptyState, Group, Table, Text, useApiMutation } from '@labeldesk/ui';
import { ReportApiSection, ReportTab } from './ReportApiSection';
import {
  addedMessage,
  buildAddRequest,
  maxWeightText,
  newServiceRows,
  newServicesSummary,
  priceRanges,
  reportEntries,
} from './service-report';
import { useServiceReport } from './use-service-report';

interface NewServicesTabProps {
  apis: ShippingApiConfig[];
}

/**
 * SPEC §2 Service Report, New Services: what each provider API lists now, new services (not yet among the API's)
 * selectable and added in one go; the check runs on opening, on Refresh and again 1 s after adding (SPEC §4).
 */
export function NewServicesTab({ apis }: NewServicesTabProps) {
  const addServices = useApiMutation(providerMutations.addServices);
  const state = useServiceReport({
    apis,
    query: serviceReportQueries.updates,
    rows: newServiceRows,
    loadFailed: 'Failed to fetch service updates from APIs',
    runOnMount: true,
  });
  const { report, selected, toggle, applying: adding, apply, reject, running: checking, run: check } = state;

  const add = async () => {
    const built = buildAddRequest(report, selected);
    if (!built.ok) {
      reject(built.error);
      return;
    }
    await apply(
      () => addServices.mutateAsync(built.body),
      (res) => addedMessage(res.addedCount),
      'Failed to add services',
    );
  };

  const entries = report ? reportEntries(report, apis) : [];

  return (
    <ReportTab
      testId="report-new-services"
      testIdPrefix="report"
      intro="Services the provider APIs list now. New ones can be added to an API (enabled, reliability Testing, priced at the provider's first tier)."
      action={
        <Button variant="default" onClick={check} loading={checking} data-testid="report-refresh">
          Refresh
        </Button>
      }
      state={state}
      loadingLabel="Checking provider APIs..."
    >
      {report !== null && entries.length === 0 ? <EmptyState title="No APIs configured" /> : null}
      {entries.map((entry) => (
        <ReportApiSection
          key={entry.apiId}
          testIdPrefix="report"
          tablePrefix="report-new"
          entry={entry}
          summary={newServicesSummary}
          summaryColor="blue"
          minWidth={760}
          columns={
            <>
              <Table.Th w={100}>Status</Table.Th>
              <Table.Th w={110}>Max Weight</Table.Th>
              <Table.Th w={190}>Price Ranges</Table.Th>
            </>
          }
          row={{
            testId: 'report-new-row',
            data: (service) => ({ 'data-new': service.isNew }),
            canSelect: (service) => service.isNew,
            selectLabel: (service) => `Select ${service.name} (${entry.name})`,
            selectTestId: 'report-new-select',
            badge: (service) =>
              service.isNew ? (
                <Badge color="blue" size="sm" data-testid="new-badge">
                  NEW
                </Badge>
              ) : null,
            cells: (service) => (
              <>
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
              </>
            ),
          }}
          selected={selected}
          onToggle={toggle}
          disabled={adding}
        />
      ))}
      <Group justify="flex-end">
        <Button onClick={() => void add()} loading={adding} disabled={checking} data-testid="report-add-selected">
          Add Selected Services ({selected.size})
        </Button>
      </Group>
    </ReportTab>
  );
}
