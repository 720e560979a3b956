import { errorMessage, providerMutations, providerQueries } from '@labeldesk/api-client';
import type { Carrier, Service } from '@labeldesk/contracts';
import { weightWithUnit } from '@labeldesk/pricing';
import { ErrorState, FormModal, formatUsd, LoadingState, Stack, Text, useApiMutation, useQuery } from '@labeldesk/ui';
import { useState } from 'react';
import { CARRIER_LABELS } from './api-configs';
import { dynamicPricingFailedMessage, dynamicPricingSavedMessage } from './service-pricing';
import { TierRowsEditor } from './TierRowsEditor';
import { adminEditorRows, checkTierRows, type TierRow, type TierRowIssue } from './tier-editor';

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
 * SPEC §5 texts per tier; 'Failed to save dynamic pricing: {reason}'. Mount with a new `key` per opening.
 */
export function DynamicPricingModal({ opened, target, onClose, onSaved }: DynamicPricingModalProps) {
  const tiers = useQuery({
    ...providerQueries.dynamicPricing(target?.apiId ?? '', target?.carrier ?? '', target?.serviceName ?? ''),
    // Closed, it stays mounted until the next opening: a save's refresh of the tiers is read by that opening.
    enabled: target !== null && opened,
  });
  /** The admin's edits; until the first one, the rows the stored tiers open with. */
  const [edited, setEdited] = useState<TierRow[] | null>(null);
  const [issues, setIssues] = useState<TierRowIssue[]>([]);
  const save = useApiMutation(providerMutations.updateDynamicPricing);

  if (!target) return null;
  const loaded = tiers.data;
  const rows = edited ?? (loaded ? adminEditorRows(loaded.pricingTiers, loaded.basePrice) : []);
  const loadFailed =
    loaded === undefined && tiers.error && !tiers.isFetching
      ? errorMessage(tiers.error, 'Failed to load existing pricing tiers')
      : null;

  const change = (next: TierRow[]) => {
    setEdited(next);
    if (issues.length > 0) {
      const check = checkTierRows(next);
      setIssues(check.ok ? [] : check.issues);
    }
  };

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={`Dynamic Pricing: ${CARRIER_LABELS[target.carrier]} - ${target.serviceName}`}
      size="lg"
      testIdPrefix="tier"
      testIds={{ form: 'tier-editor', error: 'tier-save-error', submit: 'tier-save' }}
      submitLabel="Save Tiers"
      submitDisabled={loaded === undefined}
      onSubmit={async () => {
        const check = checkTierRows(rows);
        if (!check.ok) {
          setIssues(check.issues);
          return undefined;
        }
        setIssues([]);
        try {
          const res = await save.mutateAsync({
            apiId: target.apiId,
            carrier: target.carrier,
            service: target.serviceName,
            body: { pricingTiers: check.tiers, hasDynamicPricing: true },
          });
          onSaved(res.service, dynamicPricingSavedMessage(res.service.name));
          return undefined;
        } catch (e) {
          return { error: dynamicPricingFailedMessage(e instanceof Error && e.message ? e.message : 'Unknown error') };
        }
      }}
    >
      {({ locked }) => {
        if (loadFailed) return <ErrorState title={loadFailed} onRetry={() => void tiers.refetch()} />;
        if (!loaded) return <LoadingState label="Loading pricing tiers..." />;
        return (
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              Price by package weight in {loaded.weightUnit}, both ends included. Base price{' '}
              {formatUsd(loaded.basePrice)}
              {loaded.maxWeight ? `, maximum ${weightWithUnit(loaded.maxWeight, loaded.weightUnit)}` : ''}.
            </Text>
            <TierRowsEditor
              rows={rows}
              onChange={change}
              unit={loaded.weightUnit}
              basePrice={loaded.basePrice}
              issues={issues}
              disabled={locked}
            />
          </Stack>
        );
      }}
    </FormModal>
  );
}
