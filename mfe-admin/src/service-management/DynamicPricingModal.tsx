import { errorMessage, providerMutations, providerQueries } from '@labeldesk/api-client';
import type { Carrier, Service, UpdateDynamicPricingRequest } from '@labeldesk/contracts';
import { weightWithUnit } from '@labeldesk/pricing';
import {
  type ContractForm,
  ErrorState,
  FormModal,
  formatUsd,
  LoadingState,
  Stack,
  Text,
  useApiMutation,
  useContractForm,
  useQuery,
} from '@labeldesk/ui';
import { useEffect } from 'react';
import { CARRIER_LABELS } from './api-configs';
import { dynamicPricingFailedMessage, dynamicPricingSavedMessage } from './service-pricing';
import { TierRowsEditor } from './TierRowsEditor';
import { adminEditorRows, type TierRowsForm, TierRowsFormSchema, tierIssuesFrom } from './tier-editor';

export interface TierTarget {
  apiId: string;
  carrier: Carrier;
  serviceName: string;
}

interface DynamicPricingModalProps {
  opened: boolean;
  target: TierTarget | null;
  onClose: () => void;
  /** The saved service and the SPEC §8 success text; the modal closes. */
  onSaved: (service: Service, message: string) => void;
}

/**
 * SPEC §2 dynamic pricing tier editor (a FormModal): the service's weight tiers (start, end, price) from
 * providerQueries.dynamicPricing, Add Tier, Remove (one stays), admin defaults 0-1, 1.01-5, 5.01-10 when it has none;
 * SPEC §5 texts per tier (the contract form: TierRowsFormSchema checks the rows as the server does, each problem under
 * its row); 'Failed to save dynamic pricing: {reason}'. Mount with a new `key` per opening.
 */
export function DynamicPricingModal({ opened, target, onClose, onSaved }: DynamicPricingModalProps) {
  const tiers = useQuery({
    ...providerQueries.dynamicPricing(target?.apiId ?? '', target?.carrier ?? '', target?.serviceName ?? ''),
    // Closed, it stays mounted until the next opening: a save's refresh of the tiers is read by that opening.
    enabled: target !== null && opened,
  });
  const form: ContractForm<TierRowsForm, UpdateDynamicPricingRequest> = useContractForm<
    TierRowsForm,
    UpdateDynamicPricingRequest
  >({
    schema: TierRowsFormSchema,
    initialValues: { pricingTiers: [] },
    // After a refused save the rows are checked again at each change, so a fixed problem goes away as it is fixed.
    onValuesChange: () => {
      if (Object.keys(form.errors).length > 0) form.validate();
    },
  });
  const save = useApiMutation(providerMutations.updateDynamicPricing);
  const loaded = tiers.data;
  // The stored tiers (or the admin defaults) go into the form once, when they arrive; the admin edits from there.
  useEffect(() => {
    if (loaded) form.initialize({ pricingTiers: adminEditorRows(loaded.pricingTiers, loaded.basePrice) });
  }, [loaded, form.initialize]);

  if (!target) return null;
  const rows = form.getValues().pricingTiers;
  const loadFailed =
    loaded === undefined && tiers.error && !tiers.isFetching
      ? errorMessage(tiers.error, 'Failed to load existing pricing tiers')
      : null;

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={`Dynamic Pricing: ${CARRIER_LABELS[target.carrier]} - ${target.serviceName}`}
      size="lg"
      testIdPrefix="tier"
      testIds={{ form: 'tier-editor', error: 'tier-save-error', submit: 'tier-save' }}
      submitLabel="Save Tiers"
      submitDisabled={loaded === undefined || !form.initialized}
      form={form}
      onSubmit={async (body) => {
        const res = await save.mutateAsync({
          apiId: target.apiId,
          carrier: target.carrier,
          service: target.serviceName,
          body,
        });
        onSaved(res.service, dynamicPricingSavedMessage(res.service.name));
        return undefined;
      }}
      errorText={(e) => dynamicPricingFailedMessage(e instanceof Error && e.message ? e.message : 'Unknown error')}
    >
      {({ locked }) => {
        if (loadFailed) return <ErrorState title={loadFailed} onRetry={() => void tiers.refetch()} />;
        if (!loaded || !form.initialized) return <LoadingState label="Loading pricing tiers..." />;
        return (
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              Price by package weight in {loaded.weightUnit}, both ends included. Base price{' '}
              {formatUsd(loaded.basePrice)}
              {loaded.maxWeight ? `, maximum ${weightWithUnit(loaded.maxWeight, loaded.weightUnit)}` : ''}.
            </Text>
            <TierRowsEditor
              rows={rows}
              onChange={(next) => form.setFieldValue('pricingTiers', next)}
              unit={loaded.weightUnit}
              basePrice={loaded.basePrice}
              issues={tierIssuesFrom(form.errors, 'pricingTiers', rows.length)}
              disabled={locked}
            />
          </Stack>
        );
      }}
    </FormModal>
  );
}
