import { providerKeys } from '@labeldesk/api-client';
import { Button, Group, PageHeader, Stack, StatusAlerts, useQueryClient } from '@labeldesk/ui';
import { useState } from 'react';
import { ProviderApiPanel } from '../service-management/ProviderApiPanel';
import { useApiScreen } from '../service-management/use-api-configs';
import { ProviderHealthTable } from './ProviderHealthTable';
import { ServiceReportModal } from './ServiceReportModal';
import { ServiceStatusTables } from './ServiceStatusTables';

const LOAD_FAILED = 'Failed to load service status information';

/**
 * SPEC §2 Admin: Service Status (/admin/services): choose an API (the default marked), see its base URL and whether it
 * is enabled, set each service's reliability per carrier, refresh, and open the Service Report. Messages clear after
 * 3 s. Above the services: each API's circuit breaker and failovers (issue 21).
 */
export default function ServiceStatusPage() {
  const screen = useApiScreen(LOAD_FAILED);
  const { apis, phase, reload, success, error, fail, succeed, onServiceUpdated } = screen;
  const [refreshing, setRefreshing] = useState(false);
  const [report, setReport] = useState({ opened: false, key: 0 });
  const client = useQueryClient();

  const refresh = async () => {
    setRefreshing(true);
    await Promise.all([reload(fail), client.invalidateQueries({ queryKey: providerKeys.health() })]);
    setRefreshing(false);
  };

  return (
    <Stack gap="md">
      <PageHeader
        title="Service Status"
        description="Reliability of each shipping service, per provider API. Customers see it on their Services page."
        actions={
          <Group gap="xs">
            <Button
              variant="default"
              onClick={() => void refresh()}
              loading={refreshing}
              disabled={phase === 'loading'}
              data-testid="status-refresh"
            >
              Refresh
            </Button>
            <Button
              onClick={() => setReport((r) => ({ opened: true, key: r.key + 1 }))}
              disabled={phase !== 'ready' || apis.length === 0}
              data-testid="open-service-report"
            >
              Service Report
            </Button>
          </Group>
        }
      />
      <StatusAlerts testIdPrefix="status" success={success} error={error} />
      <ProviderHealthTable />
      <ProviderApiPanel
        screen={screen}
        label="API"
        testIdPrefix="status-api"
        loadingLabel="Loading services..."
        empty="Add a provider API on the Service Management page."
      >
        {(selected) => (
          <ServiceStatusTables config={selected} onUpdated={onServiceUpdated} onSuccess={succeed} onError={fail} />
        )}
      </ProviderApiPanel>
      <ServiceReportModal
        key={report.key}
        opened={report.opened}
        onClose={() => setReport((r) => ({ ...r, opened: false }))}
        apis={apis}
      />
    </Stack>
  );
}
