import { errorMessage, providerMutations } from '@labeldesk/api-client';
import type { ShippingApiConfig } from '@labeldesk/contracts';
import { Badge, Button, modals, PageHeader, Stack, StatusAlerts, Tabs, Text, useApiMutation } from '@labeldesk/ui';
import { useState } from 'react';
import { ServiceStatusTables } from '../service-status/ServiceStatusTables';
import { AddApiModal } from './AddApiModal';
import { deleteConfirmText, selectionAfterDelete, serviceCount } from './api-configs';
import { FailoverSettingsModal } from './FailoverSettingsModal';
import { ProviderApiPanel } from './ProviderApiPanel';
import { ServicePricingTab } from './ServicePricingTab';
import { useApiScreen } from './use-api-configs';

/**
 * SPEC §2 Admin: Service Management: choose a provider API, make it the default, delete it (confirm, 'cannot be
 * undone'; the default or first remaining is selected after), add a new one, and manage its services in two tabs:
 * Service Status (reliability) and Service Pricing (our price vs the provider's, per-row edit, tier editor). Failover
 * opens the API's priority and "allow as failover target" (issue 21); both show as badges beside the API. Every
 * change goes through providerMutations, which refresh the API list.
 */
export default function ServiceManagementPage() {
  const screen = useApiScreen('Failed to load APIs');
  const { apis, phase, setChosen, selectedId, success, error, succeed, fail, onServiceUpdated } = screen;
  const [adding, setAdding] = useState({ opened: false, key: 0 });
  const [tab, setTab] = useState<string | null>('status');
  const [failover, setFailover] = useState({ opened: false, key: 0 });
  const setDefault = useApiMutation(providerMutations.setDefault, {
    onSuccess: () => succeed('Default API updated successfully'),
    onError: (e) => fail(errorMessage(e, 'Failed to set default API')),
  });
  const deleteApi = useApiMutation(providerMutations.deleteApi, {
    onSuccess: (res, id) => {
      const remaining = apis.filter((a) => a._id !== id);
      setChosen(selectionAfterDelete(remaining, selectedId, res.defaultApiId));
      succeed('API deleted successfully');
    },
    onError: (e) => fail(errorMessage(e, 'Failed to delete API')),
  });
  const busy = setDefault.isPending || deleteApi.isPending;

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
      onConfirm: () => deleteApi.mutate(config._id),
    });

  const onAdded = (config: ShippingApiConfig) => {
    setAdding((a) => ({ ...a, opened: false }));
    setChosen(config._id);
    succeed('New API added successfully');
  };

  return (
    <Stack gap="md">
      <PageHeader
        title="Service Management"
        description="Provider APIs LabelDesk buys labels from, their services, reliability and prices."
        actions={
          <Button
            onClick={() => setAdding((a) => ({ opened: true, key: a.key + 1 }))}
            disabled={phase !== 'ready'}
            data-testid="add-api-open"
          >
            Add New API
          </Button>
        }
      />
      <StatusAlerts testIdPrefix="service-management" success={success} error={error} />
      <ProviderApiPanel
        screen={screen}
        label="Select API"
        testIdPrefix="api"
        loadingLabel="Loading APIs..."
        empty="Add a provider API to start selling its services."
        actions={(selected) => (
          <>
            <Button
              variant="light"
              onClick={() => setDefault.mutate(selected._id)}
              disabled={selected.isDefault || busy}
              loading={setDefault.isPending}
              data-testid="api-make-default"
            >
              Make Default
            </Button>
            <Button
              variant="light"
              onClick={() => setFailover((f) => ({ opened: true, key: f.key + 1 }))}
              disabled={busy}
              data-testid="api-failover-open"
            >
              Failover
            </Button>
            <Button
              color="red"
              variant="light"
              onClick={() => confirmDelete(selected)}
              disabled={busy}
              loading={deleteApi.isPending}
              data-testid="api-delete"
            >
              Delete
            </Button>
          </>
        )}
        badges={(selected) => (
          <>
            <Badge color="gray" variant="outline">
              {serviceCount(selected)} services
            </Badge>
            <Badge color="gray" variant="outline" data-testid="api-priority">
              Priority {selected.priority}
            </Badge>
            <Badge color={selected.failoverTarget ? 'teal' : 'gray'} variant="light" data-testid="api-failover-target">
              {selected.failoverTarget ? 'Failover target' : 'Not a failover target'}
            </Badge>
          </>
        )}
      >
        {(selected) => (
          <>
            <FailoverSettingsModal
              key={`${selected._id}-${failover.key}`}
              opened={failover.opened}
              api={selected}
              onClose={() => setFailover((f) => ({ ...f, opened: false }))}
              onSaved={(message) => {
                setFailover((f) => ({ ...f, opened: false }));
                succeed(message);
              }}
            />
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
                <ServiceStatusTables
                  config={selected}
                  onUpdated={onServiceUpdated}
                  onSuccess={succeed}
                  onError={fail}
                />
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
          </>
        )}
      </ProviderApiPanel>
      <AddApiModal
        key={adding.key}
        opened={adding.opened}
        onClose={() => setAdding((a) => ({ ...a, opened: false }))}
        onAdded={onAdded}
      />
    </Stack>
  );
}
