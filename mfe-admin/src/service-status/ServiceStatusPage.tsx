import {
  Badge,
  Button,
  Card,
  EmptyState,
  ErrorState,
  Group,
  LoadingState,
  PageHeader,
  Select,
  Stack,
  StatusAlerts,
  Text,
} from '@labeldesk/ui';
import { type ReactNode, useState } from 'react';
import { apiOptions } from '../service-management/api-configs';
import { useApiScreen } from '../service-management/use-api-configs';
import { ServiceReportModal } from './ServiceReportModal';
import { ServiceStatusTables } from './ServiceStatusTables';

const LOAD_FAILED = 'Failed to load service status information';

/**
 * SPEC §2 Admin: Service Status (/admin/services): choose an API (the default marked), see its base URL and whether it
 * is enabled, set each service's reliability per carrier, refresh, and open the Service Report. Messages clear after
 * 3 s.
 */
export default function ServiceStatusPage() {
  const { apis, load, reload, setChosen, selected, success, error, fail, succeed, onServiceUpdated } =
    useApiScreen(LOAD_FAILED);
  const [refreshing, setRefreshing] = useState(false);
  const [report, setReport] = useState({ opened: false, key: 0 });

  const refresh = async () => {
    setRefreshing(true);
    await reload(fail);
    setRefreshing(false);
  };

  const header = (
    <PageHeader
      title="Service Status"
      description="Reliability of each shipping service, per provider API. Customers see it on their Services page."
      actions={
        <Group gap="xs">
          <Button
            variant="default"
            onClick={() => void refresh()}
            loading={refreshing}
            disabled={load.kind === 'loading'}
            data-testid="status-refresh"
          >
            Refresh
          </Button>
          <Button
            onClick={() => setReport((r) => ({ opened: true, key: r.key + 1 }))}
            disabled={load.kind !== 'ready' || apis.length === 0}
            data-testid="open-service-report"
          >
            Service Report
          </Button>
        </Group>
      }
    />
  );

  let body: ReactNode;
  if (load.kind === 'loading') body = <LoadingState label="Loading services..." />;
  else if (load.kind === 'failed') body = <ErrorState title={load.message} onRetry={() => void reload()} />;
  else if (!selected) {
    body = (
      <EmptyState title="No shipping APIs configured">Add a provider API on the Service Management page.</EmptyState>
    );
  } else {
    body = (
      <Stack gap="md">
        <Select
          label="API"
          data={apiOptions(apis)}
          value={selected._id}
          onChange={(v) => v && setChosen(v)}
          allowDeselect={false}
          maw={360}
          data-testid="status-api-select"
        />
        <Card withBorder padding="md" data-testid="status-api-info">
          <Group justify="space-between" wrap="wrap">
            <Stack gap={2}>
              <Group gap="xs">
                <Text fw={700}>{selected.name}</Text>
                {selected.isDefault ? (
                  <Badge variant="light" data-testid="status-api-default">
                    Default
                  </Badge>
                ) : null}
              </Group>
              <Text size="sm" c="dimmed">
                Base URL:{' '}
                <Text span size="sm" ff="monospace" data-testid="status-api-base-url">
                  {selected.baseUrl}
                </Text>
              </Text>
            </Stack>
            <Badge
              size="lg"
              color={selected.enabled ? 'green' : 'gray'}
              variant="light"
              data-testid="status-api-enabled"
            >
              {selected.enabled ? 'Enabled' : 'Disabled'}
            </Badge>
          </Group>
        </Card>
        <ServiceStatusTables config={selected} onUpdated={onServiceUpdated} onSuccess={succeed} onError={fail} />
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      {header}
      <StatusAlerts testIdPrefix="status" success={success} error={error} />
      {body}
      <ServiceReportModal
        key={report.key}
        opened={report.opened}
        onClose={() => setReport((r) => ({ ...r, opened: false }))}
        apis={apis}
        onChanged={() => void reload(fail)}
      />
    </Stack>
  );
}
