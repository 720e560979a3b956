import { customerMutations, customerQueries, errorMessage, providerQueries } from '@labeldesk/api-client';
import {
  CARRIERS,
  type Carrier,
  type ServicesByCarrier,
  type UpdateUserPricingRequest,
  type User,
  type UserPricingResponse,
} from '@labeldesk/contracts';
import {
  Accordion,
  Badge,
  type ContractForm,
  EmptyState,
  FormModal,
  type FormModalState,
  type FormOutcome,
  Group,
  LoadingState,
  QueryBody,
  Select,
  Stack,
  Switch,
  Text,
  useApiMutation,
  useContractForm,
  useQuery,
} from '@labeldesk/ui';
import { useEffect, useState } from 'react';
import { CustomerHeading } from '../customers/CustomerHeading';
import { apiOptions, CARRIER_LABELS, pickApi } from '../service-management/api-configs';
import {
  type CustomPricingForm,
  CustomPricingFormSchema,
  emptyPricingForm,
  formFromPricing,
  ruleCount,
  serviceErrors,
  updateCarrier,
  updateServiceRule,
} from './custom-pricing-form';
import { ServiceRuleEditor } from './ServiceRuleEditor';

const LOAD_FAILED = 'Failed to load pricing data';
const SAVE_FAILED = 'Failed to save pricing data';
const INVALID = 'Please fix the highlighted services';

interface CustomPricingModalProps {
  opened: boolean;
  user: User | null;
  onClose: () => void;
}

type PricingForm = ContractForm<CustomPricingForm, UpdateUserPricingRequest>;

/**
 * SPEC §2/§3/§5 Admin Customers, custom pricing per user per API: choose the API, switch custom pricing on, per carrier
 * switch it on and give services a rule (fixed price, percentage discount 0-100, amount discount, or dynamic tiers; the
 * first three optionally applied to tier prices too). The contract form (CustomPricingFormSchema) checks the rules with
 * @labeldesk/pricing as the server does; a service's problems, the client's or the server's, show on that service.
 * The API list, then the customer's pricing for the shown API, load through QueryBody (each with Try Again). Mount with
 * a new `key` per opening.
 */
export function CustomPricingModal({ opened, user, onClose }: CustomPricingModalProps) {
  const [chosenApi, setChosenApi] = useState<string | null>(null);
  const userId = user?._id ?? '';
  const apisQuery = useQuery({ ...providerQueries.apis(), enabled: opened && userId !== '' });
  const apis = apisQuery.data?.apis ?? [];
  const apiId = pickApi(apis, chosenApi);
  const pricingQuery = useQuery({
    ...customerQueries.pricing(userId, apiId ?? ''),
    enabled: opened && userId !== '' && apiId !== null,
  });
  const form: PricingForm = useContractForm<CustomPricingForm, UpdateUserPricingRequest>({
    schema: CustomPricingFormSchema,
    initialValues: emptyPricingForm(),
    // A service's problems stay shown until the next save (an edit elsewhere does not hide them).
    clearInputErrorOnChange: false,
  });
  // The API whose pricing the form holds: the shown API's pricing goes in once, when it arrives; the admin edits it
  // from there, and a save puts the server's answer in.
  const [formApi, setFormApi] = useState<string | null>(null);
  const loaded = pricingQuery.data;
  useEffect(() => {
    if (!loaded || apiId === null || formApi === apiId) return;
    const values = formFromPricing(loaded.customPricing, loaded.apiServices);
    form.setInitialValues(values);
    form.setValues(values);
    form.clearErrors();
    setFormApi(apiId);
  }, [loaded, apiId, formApi, form.setInitialValues, form.setValues, form.clearErrors]);
  const saveMutation = useApiMutation(customerMutations.updatePricing);

  if (!user) return null;
  const ready = loaded !== undefined && apiId !== null && formApi === apiId;

  const save = async (body: UpdateUserPricingRequest): Promise<FormOutcome> => {
    if (!ready) return undefined;
    const res = await saveMutation.mutateAsync({ userId: user._id, apiId, body });
    const values = formFromPricing(res.customPricing, loaded.apiServices);
    form.setInitialValues(values);
    form.setValues(values);
    return { success: `Custom pricing saved for ${user.name}` };
  };

  const body = (state: FormModalState) => (
    <QueryBody
      result={apisQuery}
      testIdPrefix="custom-pricing-apis"
      loadingLabel="Loading pricing..."
      errorTitle={(e) => errorMessage(e, LOAD_FAILED)}
      isEmpty={(data) => data.apis.length === 0}
      empty={
        <EmptyState title="No shipping APIs configured">Add a provider API on the Service Management page.</EmptyState>
      }
    >
      {() => (
        <QueryBody
          result={pricingQuery}
          testIdPrefix="custom-pricing-load"
          loadingLabel="Loading pricing..."
          errorTitle={(e) => errorMessage(e, LOAD_FAILED)}
        >
          {(pricing) =>
            formApi === apiId ? (
              <PricingRules form={form} pricing={pricing} state={state} />
            ) : (
              <LoadingState label="Loading pricing..." />
            )
          }
        </QueryBody>
      )}
    </QueryBody>
  );

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title="Custom Pricing"
      size="xl"
      testIdPrefix="custom-pricing"
      testIds={{ form: 'custom-pricing-modal', submit: 'custom-pricing-save' }}
      submitLabel="Save Pricing"
      submitDisabled={!ready}
      form={form}
      alertInvalid={INVALID}
      onSubmit={save}
      errorText={(e) => errorMessage(e, SAVE_FAILED)}
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
                form.clearErrors();
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

interface PricingRulesProps {
  form: PricingForm;
  pricing: UserPricingResponse;
  state: FormModalState;
}

/** The whole-form switch and a section per carrier, editing the form's values. */
function PricingRules({ form, pricing, state: { locked, clearError } }: PricingRulesProps) {
  const values = form.getValues();
  const setForm = (next: CustomPricingForm) => {
    form.setValues(next);
    clearError();
  };
  return (
    <Stack gap="md">
      <Switch
        label="Enable custom pricing"
        description={
          values.enabled
            ? 'Rules below apply to carriers that are switched on.'
            : 'Off: this customer pays the standard prices of this API. Rules are kept.'
        }
        checked={values.enabled}
        onChange={(e) => setForm({ ...values, enabled: e.currentTarget.checked })}
        disabled={locked}
        data-testid="custom-pricing-enabled"
      />
      <Accordion multiple variant="separated" defaultValue={CARRIERS.filter((c) => values.carriers[c].enabled)}>
        {CARRIERS.map((carrier) => (
          <CarrierSection
            key={carrier}
            carrier={carrier}
            form={values}
            services={pricing.apiServices}
            errorsOf={(name) => serviceErrors(form.errors, carrier, name)}
            disabled={locked}
            onChange={setForm}
          />
        ))}
      </Accordion>
    </Stack>
  );
}

interface CarrierSectionProps {
  carrier: Carrier;
  form: CustomPricingForm;
  services: ServicesByCarrier;
  /** A service's problems (one a line). */
  errorsOf: (serviceName: string) => string[];
  disabled: boolean;
  onChange: (form: CustomPricingForm) => void;
}

function CarrierSection({ carrier, form, services, errorsOf, disabled, onChange }: CarrierSectionProps) {
  const carrierForm = form.carriers[carrier];
  const list = Object.values(services[carrier]).sort((a, b) => a.name.localeCompare(b.name));
  const label = CARRIER_LABELS[carrier];
  const withErrors = list.some((s) => errorsOf(s.name).length > 0);
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
                errors={errorsOf(service.name)}
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
