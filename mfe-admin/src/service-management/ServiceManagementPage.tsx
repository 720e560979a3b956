import { api, errorMessage } from '@labeldesk/api-client';
import type { ShippingApiConfig } from '@labeldesk/contracts';
import {
  Badge,
  Button,
  Card,
  EmptyState,
  ErrorState,
  Group,
  LoadingState,
  modals,
  PageHeader,
  Select,
  Stack,
  StatusAlerts,
  Tabs,
  Text,
} from '@labeldesk/ui';
import { type ReactNode, useState } from 'react';
import { ServiceStatusTables } from '../service-status/ServiceStatusTables';
import { AddApiForm } from './AddApiForm';
import { apiOptions, deleteConfirmText, selectionAfterDelete, serviceCount } from './api-configs';
import { ServicePricingTab } from './ServicePricingTab';
import { useApiScreen } from './use-api-configs';

type Busy = 'idle' | 'default' | 'delete';

/**
 * SPEC §2 Admin: Service Management: choose a provider API, make it the default, delete it (confirm, 'cannot be
 * undone'; the default or first remaining is selected after), add a new one, and manage its services in two tabs:
 * Service Status (reliability) and Service Pricing (our price vs the provider's, per-row edit, tier editor).
 */
export default function ServiceManagementPage() {
  const { apis, load, reload, setChosen, selectedId, selected, success, error, succeed, fail, onServiceUpdated } =
    useApiScreen('Failed to load APIs');
  const [busy, setBusy] = useState<Busy>('idle');
  const [adding, setAdding] = useState(false);
  const [tab, setTab] = useState<string | null>('status');
  const makeDefault = async (config: ShippingApiConfig) => {
    setBusy('default');
    try {
      await api.adminConfig.setDefault(config._id);
      // Setting one default makes the others non-default (SPEC §4): read the list back rather than guess.
      await reload(fail);
      succeed('Default API updated successfully');
    } catch (e) {
      fail(errorMessage(e, 'Failed to set default API'));
    } finally {
      setBusy('idle');
    }
  };

  const remove = async (config: ShippingApiConfig) => {
    setBusy('delete');
    try {
      const res = await api.adminConfig.deleteApi(config._id);
      const remaining = (await reload(fail)) ?? apis.filter((a) => a._id !== config._id);
      setChosen(selectionAfterDelete(remaining, selectedId, res.defaultApiId));
      succeed('API deleted successfully');
    } catch (e) {
      fail(errorMessage(e, 'Failed to delete API'));
    } finally {
      setBusy('idle');
    }
  };

  const confirmDelete = (config: ShippingApiConfig) =>
    modals.openConfirmModal({
      title: 'Delete API',
      centered: true,
      children: (
        <Text size="sm" data-testid="delete-api-confirm-text">
          {deleteConfirmText(config)}
        </Text>
      ),
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red', 'data-testid': 'delete-api-confirm' },
      onConfirm: () => void remove(config),
    });

  const onAdded = async (config: ShippingApiConfig) => {
    setAdding(false);
    await reload(fail);
    setChosen(config._id);
    succeed('New API added successfully');
  };

  const header = (
    <PageHeader
      title="Service Management"
      description="Provider APIs LabelDesk buys labels from, their services, reliability and prices."
      actions={
        <Button
          variant={adding ? 'default' : 'filled'}
          onClick={() => setAdding((a) => !a)}
          disabled={load.kind !== 'ready'}
          data-testid="add-api-open"
        >
          {adding ? 'Close form' : 'Add New API'}
        </Button>
      }
    />
  );

  let body: ReactNode;
  if (load.kind === 'loading') body = <LoadingState label="Loading APIs..." />;
  else if (load.kind === 'failed') body = <ErrorState title={load.message} onRetry={() => void reload()} />;
  else if (!selected) {
    body = adding ? null : (
      <EmptyState title="No shipping APIs configured">Add a provider API to start selling its services.</EmptyState>
    );
  } else {
    body = (
      <Stack gap="md">
        <Card withBorder padding="md">
          <Group align="flex-end" justify="space-between" wrap="wrap">
            <Group align="flex-end" wrap="wrap">
              <Select
                label="Select API"
                data={apiOptions(apis)}
                value={selected._id}
                onChange={(v) => v && setChosen(v)}
                allowDeselect={false}
                w={280}
                data-testid="api-select"
              />
              <Button
                variant="light"
                onClick={() => void makeDefault(selected)}
                disabled={selected.isDefault || busy !== 'idle'}
                loading={busy === 'default'}
                data-testid="api-make-default"
              >
                Make Default
              </Button>
              <Button
                color="red"
                variant="light"
                onClick={() => confirmDelete(selected)}
                disabled={busy !== 'idle'}
                loading={busy === 'delete'}
                data-testid="api-delete"
              >
                Delete
              </Button>
            </Group>
            <Stack gap={2} align="flex-end">
              <Group gap="xs">
                {selected.isDefault ? (
                  <Badge variant="light" data-testid="api-default-badge">
                    Default
                  </Badge>
                ) : null}
                <Badge color={selected.enabled ? 'green' : 'gray'} variant="light">
                  {selected.enabled ? 'Enabled' : 'Disabled'}
                </Badge>
                <Badge color="gray" variant="outline">
                  {serviceCount(selected)} services
                </Badge>
              </Group>
              <Text size="xs" c="dimmed" ff="monospace" data-testid="api-base-url">
                {selected.baseUrl}
              </Text>
            </Stack>
          </Group>
        </Card>
        <Tabs value={tab} onChange={setTab} keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="status" data-testid="tab-service-status">
              Service Status
            </Tabs.Tab>
            <Tabs.Tab value="pricing" data-testid="tab-service-pricing">
              Service Pricing
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="status">
            <ServiceStatusTables config={selected} onUpdated={onServiceUpdated} onSuccess={succeed} onError={fail} />
          </Tabs.Panel>
          <Tabs.Panel value="pricing">
            <ServicePricingTab
              key={selected._id}
              config={selected}
              onUpdated={onServiceUpdated}
              onSuccess={succeed}
              onError={fail}
            />
          </Tabs.Panel>
        </Tabs>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      {header}
      <StatusAlerts testIdPrefix="service-management" success={success} error={error} />
      {adding && load.kind === 'ready' ? (
        <AddApiForm onAdded={(config) => void onAdded(config)} onCancel={() => setAdding(false)} />
      ) : null}
      {body}
    </Stack>
  );
}
