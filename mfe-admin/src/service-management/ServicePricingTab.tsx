import { errorMessage, providerMutations, providerQueries } from '@labeldesk/api-client';
import type { Service, ShippingApiConfig } from '@labeldesk/contracts';
import {
  Alert,
  Badge,
  Button,
  formatUsd,
  Group,
  InlineLoading,
  NumberInput,
  RowButton,
  Stack,
  Switch,
  Table,
  Text,
  useApiMutation,
  useModalItem,
  useQuery,
} from '@labeldesk/ui';
import { useState } from 'react';
import { CarrierServiceTables, EnabledBadge } from './CarrierServiceTables';
import { DynamicPricingModal, type TierTarget } from './DynamicPricingModal';
import {
  buildPricingUpdate,
  findProviderService,
  flatMargin,
  pricingUpdatedMessage,
  providerPriceText,
} from './service-pricing';

interface ServicePricingTabProps {
  config: ShippingApiConfig;
  onUpdated: (service: Service) => void;
  onSuccess: (message: string) => void;
  onError: (message: string) => void;
}

interface Editing {
  serviceId: string;
  price: string | number;
  enabled: boolean;
  error: string | null;
}

/**
 * SPEC §2 Service Pricing: per carrier, our price against the provider's ('Dynamic Pricing' when the provider prices by
 * several tiers, 'Provider price not available' when it does not list the service), a per-row edit (enabled, price ≥ 0
 * in steps of 0.01, Save, Cancel) and the tier editor for services with dynamic pricing.
 */
export function ServicePricingTab({ config, onUpdated, onSuccess, onError }: ServicePricingTabProps) {
  const provider = useQuery(providerQueries.providerPrices(config._id));
  const prices = provider.data ?? null;
  const pricesLoading = provider.data === undefined && provider.isFetching;
  const pricesError =
    provider.data === undefined && provider.error && !provider.isFetching
      ? errorMessage(provider.error, 'Failed to load data')
      : null;
  const [editing, setEditing] = useState<Editing | null>(null);
  const update = useApiMutation(providerMutations.updatePricing);
  const saving = update.isPending;
  const tiers = useModalItem<TierTarget>();

  const startEdit = (service: Service) =>
    setEditing({ serviceId: service.id, price: service.basePrice, enabled: service.enabled, error: null });

  const save = (service: Service) => {
    if (!editing) return;
    const built = buildPricingUpdate(editing.price, editing.enabled);
    if (!built.ok) {
      setEditing({ ...editing, error: built.error });
      return;
    }
    update.mutate(
      { apiId: config._id, carrier: service.carrier, service: service.name, body: built.body },
      {
        onSuccess: (res) => {
          onUpdated(res.service);
          setEditing(null);
          onSuccess(pricingUpdatedMessage(res.service.carrier, res.service.name));
        },
        onError: (e) => onError(errorMessage(e, 'Failed to update pricing')),
      },
    );
  };

  const openTiers = (service: Service) =>
    tiers.open({ apiId: config._id, carrier: service.carrier, serviceName: service.name });

  return (
    <Stack gap="md">
      {pricesLoading ? <InlineLoading label="Asking the provider for its prices..." /> : null}
      {pricesError ? (
        <Alert color="yellow" variant="light" data-testid="provider-prices-error">
          Provider prices could not be compared: {pricesError}
        </Alert>
      ) : null}
      <CarrierServiceTables
        config={config}
        testIdPrefix="pricing-carrier"
        minWidth={860}
        columns={
          <>
            <Table.Th w={110}>Enabled</Table.Th>
            <Table.Th w={150}>Our Price</Table.Th>
            <Table.Th w={190}>Provider Price</Table.Th>
            <Table.Th w={190}>Actions</Table.Th>
          </>
        }
        row={(service, carrier) => {
          const listed = findProviderService(prices, carrier, service);
          const margin = flatMargin(service, listed);
          const row = editing?.serviceId === service.id ? editing : null;
          return (
            <Table.Tr key={service.id} data-testid="pricing-row" data-service={service.name} data-carrier={carrier}>
              <Table.Td>
                <Group gap={6}>
                  <Text size="sm" fw={600}>
                    {service.name}
                  </Text>
                  {service.hasDynamicPricing ? (
                    <Badge size="xs" variant="light" color="grape">
                      Tiers
                    </Badge>
                  ) : null}
                  {service.active ? null : (
                    <Badge size="xs" variant="outline" color="orange">
                      Inactive
                    </Badge>
                  )}
                </Group>
              </Table.Td>
              <Table.Td>
                {row ? (
                  <Switch
                    aria-label={`${service.name} enabled`}
                    checked={row.enabled}
                    onChange={(e) => setEditing({ ...row, enabled: e.currentTarget.checked })}
                    disabled={saving}
                    data-testid="pricing-enabled-toggle"
                  />
                ) : (
                  <EnabledBadge enabled={service.enabled} />
                )}
              </Table.Td>
              <Table.Td>
                {row ? (
                  <NumberInput
                    aria-label={`${service.name} price`}
                    size="xs"
                    w={130}
                    prefix="$"
                    min={0}
                    step={0.01}
                    decimalScale={2}
                    fixedDecimalScale
                    clampBehavior="none"
                    value={row.price}
                    onChange={(v) => setEditing({ ...row, price: v, error: null })}
                    error={row.error}
                    disabled={saving}
                    data-testid="pricing-price-input"
                  />
                ) : (
                  <>
                    <Text size="sm" fw={600} data-testid="pricing-our-price">
                      {formatUsd(service.basePrice)}
                    </Text>
                    {service.hasDynamicPricing ? (
                      <Text size="xs" c="dimmed">
                        {service.pricingTiers.length} weight {service.pricingTiers.length === 1 ? 'tier' : 'tiers'}
                      </Text>
                    ) : null}
                  </>
                )}
              </Table.Td>
              <Table.Td>
                <Text size="sm" data-testid="pricing-provider-price">
                  {pricesLoading ? '...' : providerPriceText(listed)}
                </Text>
                {margin !== null ? (
                  <Text size="xs" c={margin >= 0 ? 'green' : 'red'}>
                    Margin {margin >= 0 ? '+' : '-'}
                    {formatUsd(Math.abs(margin))}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  {row ? (
                    <>
                      <Button
                        size="compact-xs"
                        onClick={() => save(service)}
                        loading={saving}
                        data-testid="pricing-save"
                      >
                        Save
                      </Button>
                      <Button
                        size="compact-xs"
                        variant="default"
                        onClick={() => setEditing(null)}
                        disabled={saving}
                        data-testid="pricing-cancel"
                      >
                        Cancel
                      </Button>
                    </>
                  ) : (
                    <RowButton
                      onClick={() => startEdit(service)}
                      disabled={saving}
                      label={`Edit pricing for ${service.name}`}
                      testId="pricing-edit"
                    >
                      Edit
                    </RowButton>
                  )}
                  {service.hasDynamicPricing ? (
                    <RowButton
                      color="grape"
                      onClick={() => openTiers(service)}
                      label={`Edit tiers for ${service.name}`}
                      testId="pricing-edit-tiers"
                    >
                      Edit Tiers
                    </RowButton>
                  ) : null}
                </Group>
              </Table.Td>
            </Table.Tr>
          );
        }}
      />
      <DynamicPricingModal
        key={tiers.key}
        opened={tiers.opened}
        target={tiers.item}
        onClose={tiers.close}
        onSaved={(service, message) => {
          onUpdated(service);
          tiers.close();
          onSuccess(message);
        }}
      />
    </Stack>
  );
}
