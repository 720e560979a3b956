import { customerMutations, customerQueries, errorMessage, providerQueries } from '@labeldesk/api-client';
import { CARRIERS, type Carrier, type Service, type ServicesByCarrier, type User } from '@labeldesk/contracts';
import {
  Accordion,
  Badge,
  Checkbox,
  EmptyState,
  ErrorState,
  FormModal,
  type FormModalState,
  type FormOutcome,
  formatUsd,
  Group,
  LoadingState,
  loadStateOf,
  NumberInput,
  Paper,
  Select,
  Stack,
  Switch,
  Text,
  useApiMutation,
  useQuery,
} from '@labeldesk/ui';
import { type ReactNode, useState } from 'react';
import { CustomerHeading } from '../customers/CustomerHeading';
import { apiOptions, CARRIER_LABELS } from '../service-management/api-configs';
import { TierRowsEditor } from '../service-management/TierRowsEditor';
import { checkTierRows } from '../service-management/tier-editor';
import {
  buildPricingRequest,
  type CustomPricingForm,
  formFromPricing,
  isRuleChoice,
  type PricingErrors,
  RULE_CHOICES,
  type RuleChoice,
  ruleCount,
  type ServiceRuleForm,
  serviceKey,
  updateCarrier,
  updateServiceRule,
} from './custom-pricing-form';
import { pricingLoad, shownApi } from './pricing-load';

const LOAD_FAILED = 'Failed to load pricing data';
const SAVE_FAILED = 'Failed to save pricing data';

interface CustomPricingModalProps {
  opened: boolean;
  user: User | null;
  onClose: () => void;
}

/**
 * SPEC §2/§3/§5 Admin Customers, custom pricing per user per API: choose the API, switch custom pricing on, per carrier
 * switch it on and give services a rule (fixed price, percentage discount 0-100, amount discount, or dynamic tiers; the
 * first three optionally applied to tier prices too). Checked with @labeldesk/pricing before saving. Mount with a new
 * `key` per opening.
 */
export function CustomPricingModal({ opened, user, onClose }: CustomPricingModalProps) {
  const [chosenApi, setChosenApi] = useState<string | null>(null);
  // The admin's edits of the shown API's pricing; without them the form is the loaded pricing.
  const [edited, setEdited] = useState<{ apiId: string; form: CustomPricingForm } | null>(null);
  const [errors, setErrors] = useState<PricingErrors>({});
  const userId = user?._id ?? '';

  // The API list once per opening, then the user's pricing for the shown API (each with Try Again).
  const apisQuery = useQuery({ ...providerQueries.apis(), enabled: opened && userId !== '' });
  const apisLoad = loadStateOf(apisQuery, (e) => errorMessage(e, LOAD_FAILED));
  const apiId = shownApi(apisLoad, chosenApi);
  const pricingQuery = useQuery({
    ...customerQueries.pricing(userId, apiId ?? ''),
    enabled: opened && userId !== '' && apiId !== null,
  });
  const load = pricingLoad(
    apisLoad,
    apiId,
    loadStateOf(pricingQuery, (e) => errorMessage(e, LOAD_FAILED)),
  );
  const saveMutation = useApiMutation(customerMutations.updatePricing);

  if (!user) return null;
  const apis = apisQuery.data?.apis ?? [];
  const form =
    load.kind !== 'ready'
      ? null
      : edited?.apiId === load.apiId
        ? edited.form
        : formFromPricing(load.pricing.customPricing, load.pricing.apiServices);

  const save = async (): Promise<FormOutcome> => {
    if (load.kind !== 'ready' || !form) return undefined;
    const built = buildPricingRequest(form);
    if (!built.ok) {
      setErrors(built.errors);
      return { error: 'Please fix the highlighted services' };
    }
    setErrors({});
    try {
      const res = await saveMutation.mutateAsync({ userId: user._id, apiId: load.apiId, body: built.body });
      setEdited({ apiId: load.apiId, form: formFromPricing(res.customPricing, load.pricing.apiServices) });
      return { success: `Custom pricing saved for ${user.name}` };
    } catch (e) {
      return { error: errorMessage(e, SAVE_FAILED) };
    }
  };

  const retry = () => void (load.kind === 'failed' && load.failed === 'apis' ? apisQuery : pricingQuery).refetch();

  const body = ({ locked, clearError }: FormModalState): ReactNode => {
    if (load.kind === 'loading') return <LoadingState label="Loading pricing..." />;
    if (load.kind === 'failed') return <ErrorState title={load.message} onRetry={retry} />;
    if (load.kind === 'no-apis') {
      return (
        <EmptyState title="No shipping APIs configured">Add a provider API on the Service Management page.</EmptyState>
      );
    }
    if (!form) return null;
    const setForm = (next: CustomPricingForm) => {
      setEdited({ apiId: load.apiId, form: next });
      clearError();
    };
    return (
      <Stack gap="md">
        <Switch
          label="Enable custom pricing"
          description={
            form.enabled
              ? 'Rules below apply to carriers that are switched on.'
              : 'Off: this customer pays the standard prices of this API. Rules are kept.'
          }
          checked={form.enabled}
          onChange={(e) => setForm({ ...form, enabled: e.currentTarget.checked })}
          disabled={locked}
          data-testid="custom-pricing-enabled"
        />
        <Accordion multiple variant="separated" defaultValue={CARRIERS.filter((c) => form.carriers[c].enabled)}>
          {CARRIERS.map((carrier) => (
            <CarrierSection
              key={carrier}
              carrier={carrier}
              form={form}
              services={load.pricing.apiServices}
              errors={errors}
              disabled={locked}
              onChange={setForm}
            />
          ))}
        </Accordion>
      </Stack>
    );
  };

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title="Custom Pricing"
      size="xl"
      testIdPrefix="custom-pricing"
      testIds={{ form: 'custom-pricing-modal', submit: 'custom-pricing-save' }}
      submitLabel="Save Pricing"
      submitDisabled={load.kind !== 'ready'}
      onSubmit={save}
      intro={
        <Stack gap="md">
          <CustomerHeading user={user} testId="custom-pricing-user" />
          {apis.length > 0 ? (
            <Select
              label="API"
              data={apiOptions(apis)}
              value={apiId}
              onChange={(v) => {
                if (!v) return;
                setChosenApi(v);
                setErrors({});
              }}
              allowDeselect={false}
              disabled={saveMutation.isPending}
              maw={320}
              data-testid="custom-pricing-api"
            />
          ) : null}
        </Stack>
      }
    >
      {body}
    </FormModal>
  );
}

interface CarrierSectionProps {
  carrier: Carrier;
  form: CustomPricingForm;
  services: ServicesByCarrier;
  errors: PricingErrors;
  disabled: boolean;
  onChange: (form: CustomPricingForm) => void;
}

function CarrierSection({ carrier, form, services, errors, disabled, onChange }: CarrierSectionProps) {
  const carrierForm = form.carriers[carrier];
  const list = Object.values(services[carrier]).sort((a, b) => a.name.localeCompare(b.name));
  const label = CARRIER_LABELS[carrier];
  const withErrors = list.some((s) => errors[serviceKey(carrier, s.name)]);
  return (
    <Accordion.Item value={carrier} data-testid={`custom-pricing-carrier-${carrier}`}>
      <Accordion.Control>
        <Group gap="xs">
          <Text fw={600}>{label}</Text>
          <Badge size="sm" variant="light" color={carrierForm.enabled ? 'green' : 'gray'}>
            {carrierForm.enabled ? 'On' : 'Off'}
          </Badge>
          <Text size="xs" c="dimmed">
            {ruleCount(carrierForm)} of {list.length} services with custom prices
          </Text>
          {withErrors ? (
            <Badge size="sm" color="red">
              Check values
            </Badge>
          ) : null}
        </Group>
      </Accordion.Control>
      <Accordion.Panel>
        <Stack gap="sm">
          <Switch
            label={`Enable custom pricing for ${label}`}
            checked={carrierForm.enabled}
            onChange={(e) => onChange(updateCarrier(form, carrier, { enabled: e.currentTarget.checked }))}
            disabled={disabled}
            data-testid={`custom-pricing-carrier-enabled-${carrier}`}
          />
          {list.length === 0 ? (
            <Text size="sm" c="dimmed">
              This API has no {label} services.
            </Text>
          ) : null}
          {list.map((service) => {
            const rule = carrierForm.services[service.name];
            if (!rule) return null;
            return (
              <ServiceRuleEditor
                key={service.id}
                service={service}
                rule={rule}
                errors={errors[serviceKey(carrier, service.name)] ?? []}
                disabled={disabled}
                onChange={(patch) => onChange(updateServiceRule(form, carrier, service.name, patch))}
              />
            );
          })}
        </Stack>
      </Accordion.Panel>
    </Accordion.Item>
  );
}

type AmountField = 'fixedPrice' | 'discountPercentage' | 'discountAmount';

/** The one amount a fixed-price or discount rule takes: which field, its label, unit, upper bound and test id. */
interface AmountInput {
  field: AmountField;
  label: string;
  prefix?: string;
  suffix?: string;
  max?: number;
  testId: string;
}

const AMOUNT_INPUTS: Partial<Record<RuleChoice, AmountInput>> = {
  fixed: { field: 'fixedPrice', label: 'Fixed price', prefix: '$', testId: 'custom-pricing-fixed' },
  discount_percentage: {
    field: 'discountPercentage',
    label: 'Discount (%)',
    suffix: '%',
    max: 100,
    testId: 'custom-pricing-percentage',
  },
  discount_amount: { field: 'discountAmount', label: 'Discount amount', prefix: '$', testId: 'custom-pricing-amount' },
};

function amountPatch(field: AmountField, value: string | number): Partial<ServiceRuleForm> {
  const patch: Partial<ServiceRuleForm> = {};
  patch[field] = value;
  return patch;
}

interface ServiceRuleEditorProps {
  service: Service;
  rule: ServiceRuleForm;
  errors: string[];
  disabled: boolean;
  onChange: (patch: Partial<ServiceRuleForm>) => void;
}

function ServiceRuleEditor({ service, rule, errors, disabled, onChange }: ServiceRuleEditorProps) {
  const tierIssues = rule.type === 'dynamic' && errors.length > 0 ? tierCheck(rule) : [];
  const otherErrors = rule.type === 'dynamic' ? errors.filter((m) => !tierIssues.some((i) => i.message === m)) : errors;
  const amount = AMOUNT_INPUTS[rule.type];
  return (
    <Paper
      withBorder
      p="sm"
      data-testid="custom-pricing-service"
      data-service={service.name}
      bg={errors.length > 0 ? 'red.0' : undefined}
    >
      <Stack gap="xs">
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <div>
            <Group gap={6}>
              <Text size="sm" fw={600}>
                {service.name}
              </Text>
              {service.enabled ? null : (
                <Badge size="xs" color="gray" variant="light">
                  Disabled
                </Badge>
              )}
            </Group>
            <Text size="xs" c="dimmed">
              {service.hasDynamicPricing
                ? `Priced by weight tiers (base price ${formatUsd(service.basePrice)})`
                : `Standard price ${formatUsd(service.basePrice)}`}
            </Text>
          </div>
          <Select
            aria-label={`Pricing type for ${service.name}`}
            size="xs"
            w={200}
            data={RULE_CHOICES.map((c) => ({ value: c.value, label: c.label }))}
            value={rule.type}
            onChange={(v) => isRuleChoice(v) && onChange({ type: v })}
            allowDeselect={false}
            disabled={disabled}
            data-testid="custom-pricing-type"
          />
        </Group>
        {amount ? (
          <NumberInput
            key={rule.type}
            label={amount.label}
            size="xs"
            w={200}
            prefix={amount.prefix}
            suffix={amount.suffix}
            min={0}
            max={amount.max}
            step={0.01}
            decimalScale={2}
            clampBehavior="none"
            value={rule[amount.field]}
            onChange={(v) => onChange(amountPatch(amount.field, v))}
            disabled={disabled}
            data-testid={amount.testId}
          />
        ) : null}
        {rule.type !== 'none' && rule.type !== 'dynamic' && service.hasDynamicPricing ? (
          <Checkbox
            size="xs"
            label="Apply to all weight tiers (otherwise tier prices are charged unchanged)"
            checked={rule.applyToAllTiers}
            onChange={(e) => onChange({ applyToAllTiers: e.currentTarget.checked })}
            disabled={disabled}
            data-testid="custom-pricing-apply-all-tiers"
          />
        ) : null}
        {rule.type === 'dynamic' ? (
          <TierRowsEditor
            rows={rule.tiers}
            onChange={(tiers) => onChange({ tiers })}
            unit={service.weightUnit}
            basePrice={service.basePrice}
            issues={tierIssues}
            disabled={disabled}
            testId="custom-tier"
          />
        ) : null}
        {otherErrors.map((message) => (
          <Text key={message} size="xs" c="red" role="alert" data-testid="custom-pricing-service-error">
            {message}
          </Text>
        ))}
      </Stack>
    </Paper>
  );
}

function tierCheck(rule: ServiceRuleForm) {
  const check = checkTierRows(rule.tiers);
  return check.ok ? [] : check.issues;
}
