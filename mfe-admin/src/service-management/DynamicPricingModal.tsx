import { api, errorMessage } from '@labeldesk/api-client';
import type { Carrier, Service, WeightUnit } from '@labeldesk/contracts';
import { Alert, Button, ErrorState, formatUsd, Group, LoadingState, Modal, Stack, Text } from '@labeldesk/ui';
import { useEffect, useState } from 'react';
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

type Load =
  | { kind: 'loading' }
  | { kind: 'failed'; message: string }
  | { kind: 'ready'; basePrice: number; unit: WeightUnit; maxWeight: number | null };

/**
 * SPEC §2 dynamic pricing tier editor: the service's weight tiers (start, end, price), Add Tier, Remove (one stays),
 * admin defaults 0-1, 1.01-5, 5.01-10 when it has none; SPEC §5 texts per tier. Mount with a new `key` per opening.
 */
export function DynamicPricingModal({ opened, target, onClose, onSaved }: DynamicPricingModalProps) {
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [rows, setRows] = useState<TierRow[]>([]);
  const [issues, setIssues] = useState<TierRowIssue[]>([]);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` re-runs the load on Try Again.
  useEffect(() => {
    if (!target) return;
    let active = true;
    setLoad({ kind: 'loading' });
    api.adminConfig.getDynamicPricing(target.apiId, target.carrier, target.serviceName).then(
      (res) => {
        if (!active) return;
        setRows(adminEditorRows(res.pricingTiers, res.basePrice));
        setLoad({ kind: 'ready', basePrice: res.basePrice, unit: res.weightUnit, maxWeight: res.maxWeight });
      },
      (e: unknown) =>
        active && setLoad({ kind: 'failed', message: errorMessage(e, 'Failed to load existing pricing tiers') }),
    );
    return () => {
      active = false;
    };
  }, [target, attempt]);

  if (!target) return null;

  const change = (next: TierRow[]) => {
    setRows(next);
    if (issues.length > 0) {
      const check = checkTierRows(next);
      setIssues(check.ok ? [] : check.issues);
    }
  };

  const save = async () => {
    const check = checkTierRows(rows);
    if (!check.ok) {
      setIssues(check.issues);
      return;
    }
    setIssues([]);
    setError(null);
    setSaving(true);
    try {
      const res = await api.adminConfig.updateDynamicPricing(target.apiId, target.carrier, target.serviceName, {
        pricingTiers: check.tiers,
        hasDynamicPricing: true,
      });
      onSaved(res.service, dynamicPricingSavedMessage(res.service.name));
    } catch (e) {
      setError(dynamicPricingFailedMessage(e instanceof Error && e.message ? e.message : 'Unknown error'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={() => !saving && onClose()}
      title={`Dynamic Pricing: ${CARRIER_LABELS[target.carrier]} - ${target.serviceName}`}
      size="lg"
      closeOnClickOutside={!saving}
    >
      {load.kind === 'loading' ? <LoadingState label="Loading pricing tiers..." /> : null}
      {load.kind === 'failed' ? <ErrorState title={load.message} onRetry={() => setAttempt((n) => n + 1)} /> : null}
      {load.kind === 'ready' ? (
        <Stack gap="sm" data-testid="tier-editor">
          <Text size="sm" c="dimmed">
            Price by package weight in {load.unit}, both ends included. Base price {formatUsd(load.basePrice)}
            {load.maxWeight ? `, maximum ${load.maxWeight} ${load.unit}` : ''}.
          </Text>
          {error ? (
            <Alert color="red" variant="light" role="alert" data-testid="tier-save-error">
              {error}
            </Alert>
          ) : null}
          <TierRowsEditor
            rows={rows}
            onChange={change}
            unit={load.unit}
            basePrice={load.basePrice}
            issues={issues}
            disabled={saving}
          />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose} disabled={saving}>
              Cancel
            </Button>
            <Button onClick={() => void save()} disabled={saving} loading={saving} data-testid="tier-save">
              Save Tiers
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
