import {
  ApiClientError,
  addressQueries,
  api,
  balanceQueries,
  errorMessage,
  orderMutations,
} from '@labeldesk/api-client';
import { CARRIERS, type Carrier, ORDER_MESSAGES } from '@labeldesk/contracts';
import { Link, useNavigate } from '@labeldesk/router';
import {
  Alert,
  Anchor,
  Button,
  formatUsd,
  Grid,
  Group,
  Input,
  Loader,
  NumberInput,
  PageHeader,
  Paper,
  RetryAlert,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  useApiMutation,
  useQuery,
} from '@labeldesk/ui';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useServiceChoice } from '../bulk-order/use-service-choice';
import { LABEL_ACTION_TEXT, openInNewTab } from '../common/label-links';
import { AddressBlock, type SavedAddresses } from './AddressBlock';
import { keyForSubmit, newIdempotencyKey, type OpenAttempt, outcomeUnknown } from './idempotency';
import {
  carrierOptions,
  defaultSender,
  emptyOrderForm,
  emptyParty,
  errorsFromDetails,
  findService,
  type OrderFormErrors,
  type OrderFormValues,
  type PackageFormValues,
  type PartyField,
  type PartyFormValues,
  partyFromAddress,
  priceRequestFor,
  serviceOptions,
  toFormNumber,
  validateOrderForm,
  weightLimitError,
} from './order-form';
import { PriceCard } from './PriceCard';
import { usePriceQuote } from './use-price-quote';

/** SPEC §9: the label opens 0.5 s after it was created; the app goes to My Orders after 2 s. */
export const LABEL_OPEN_DELAY_MS = 500;
export const MY_ORDERS_DELAY_MS = 2000;
const CREATE_FAILED = 'Failed to create order and shipping label';
const FIX_FIELDS = 'Please correct the highlighted fields.';

type Load<T> = { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'ready'; value: T };
type Role = 'sender' | 'recipient';
/** Why the last submit did not go through: the form checks clear themselves once fixed; server answers stay. */
type SubmitError = { kind: 'fields' | 'weight' | 'price' | 'server'; message: string; insufficientFunds: boolean };
type Outcome =
  | { kind: 'created'; message: string }
  | { kind: 'pending'; message: string }
  | { kind: 'label-blocked'; message: string; url: string };

const isCarrier = (v: string | null): v is Carrier => CARRIERS.some((c) => c === v);
const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const sameParty = (a: PartyFormValues, b: PartyFormValues) => JSON.stringify(a) === JSON.stringify(b);

function partyErrors(errors: OrderFormErrors, role: Role): Partial<Record<PartyField, string>> {
  const out: Partial<Record<PartyField, string>> = {};
  for (const [path, message] of Object.entries(errors)) {
    const [head, field] = path.split('.');
    if (head === role && field) out[field as PartyField] = message;
  }
  return out;
}

/**
 * SPEC §2 Manual Order (+ §5 rules, §9 timings): API, carrier and service pickers, From/To addresses (saved-address
 * choice, the default sender preselected), package details, a live price card and the purchase. The price shown is
 * sent with the order; an Idempotency-Key per purchase attempt (kept for a retry whose first outcome is unknown) means
 * a double click or a retry never buys two labels.
 */
export default function ManualOrderPage() {
  const navigate = useNavigate();
  // The API → carrier → service choice is loaded and kept the way Bulk Order keeps it; the rest of the form is here.
  const choice = useServiceChoice();
  const { apis, services } = choice;
  const [fields, setForm] = useState<OrderFormValues>(emptyOrderForm);
  const form: OrderFormValues = {
    ...fields,
    apiId: choice.pick.apiId,
    carrier: choice.pick.carrier,
    serviceType: choice.pick.service,
  };
  const [errors, setErrors] = useState<OrderFormErrors>({});
  const [picked, setPicked] = useState<Record<Role, string | null>>({ sender: null, recipient: null });
  const [submitting, setSubmitting] = useState(false);
  const [submitError, setSubmitError] = useState<SubmitError | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [labelError, setLabelError] = useState<string | null>(null);
  const openAttempt = useRef<OpenAttempt | null>(null);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  // Balance (SPEC §8 'Failed to load account balance'): the shared balance query, which a purchase invalidates.
  const balanceQuery = useQuery(balanceQueries.current());
  const balance: Load<number> = balanceQuery.data
    ? { kind: 'ready', value: balanceQuery.data.balance }
    : balanceQuery.isError
      ? { kind: 'failed', message: errorMessage(balanceQuery.error, 'Failed to load account balance') }
      : { kind: 'loading' };
  const createOrder = useApiMutation(orderMutations.create);

  // Saved addresses (shared query); the From block starts with the default sender address (when the customer typed
  // nothing yet).
  const savedQuery = useQuery(addressQueries.list());
  const saved: SavedAddresses = savedQuery.data
    ? { kind: 'ready', addresses: savedQuery.data.addresses }
    : savedQuery.isError
      ? { kind: 'failed', message: errorMessage(savedQuery.error, 'Failed to load saved addresses') }
      : { kind: 'loading' };
  const savedAddresses = savedQuery.data?.addresses;
  useEffect(() => {
    const sender = savedAddresses ? defaultSender(savedAddresses) : undefined;
    if (!sender) return;
    setForm((f) => (sameParty(f.sender, emptyParty()) ? { ...f, sender: partyFromAddress(sender) } : f));
    setPicked((p) => (p.sender ? p : { ...p, sender: sender._id }));
  }, [savedAddresses]);

  const catalogue = services.kind === 'ready' ? services.value : null;
  const service = findService(catalogue, form.carrier, form.serviceType);
  const { quote, reload: reloadQuote } = usePriceQuote(priceRequestFor(form));
  const weightError = weightLimitError(form, service);
  const locked = submitting || outcome !== null;

  const clearError = (...paths: string[]) =>
    setErrors((e) => {
      if (!paths.some((p) => e[p])) return e;
      const next = { ...e };
      for (const p of paths) delete next[p];
      return next;
    });

  const setParty = (role: Role, field: PartyField, value: string) => {
    setForm((f) => ({ ...f, [role]: { ...f[role], [field]: value } }));
    setPicked((p) => ({ ...p, [role]: null }));
    clearError(`${role}.${field}`);
  };
  const pickAddress = (role: Role, id: string, party: PartyFormValues) => {
    setForm((f) => ({ ...f, [role]: party }));
    setPicked((p) => ({ ...p, [role]: id }));
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([path]) => !path.startsWith(`${role}.`))));
  };
  const setPackage = <K extends keyof PackageFormValues>(field: K, value: PackageFormValues[K]) => {
    setForm((f) => ({ ...f, packageDetails: { ...f.packageDetails, [field]: value } }));
    clearError(`packageDetails.${field}`);
  };
  const numberField = (field: 'weight' | 'length' | 'width' | 'height' | 'value') => ({
    value: form.packageDetails[field],
    onChange: (v: number | string) => setPackage(field, toFormNumber(v)),
    error: errors[`packageDetails.${field}`],
    disabled: locked,
  });

  /** After a label is bought: open it 0.5 s later, then go to My Orders once 2 s have passed (SPEC §2/§9). */
  const afterPurchase = async (orderId: string, message: string) => {
    setOutcome({ kind: 'created', message });
    const labelStep = (async (): Promise<'opened' | 'blocked' | 'failed'> => {
      await delay(LABEL_OPEN_DELAY_MS);
      try {
        const link = await api.labels.link(orderId);
        if (openInNewTab(link.url)) return 'opened';
        // A tab opened long after the click is often blocked: offer the link and stay on the page.
        if (mounted.current) setOutcome({ kind: 'label-blocked', message, url: link.url });
        return 'blocked';
      } catch (e) {
        if (mounted.current) setLabelError(errorMessage(e, LABEL_ACTION_TEXT.view.failed));
        return 'failed';
      }
    })();
    const [step] = await Promise.all([labelStep, delay(MY_ORDERS_DELAY_MS)]);
    if (mounted.current && step !== 'blocked') navigate('/my-orders');
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (locked) return;
    setSubmitError(null);
    const result = validateOrderForm(form);
    if (!result.ok) {
      setErrors(result.errors);
      setSubmitError({ kind: 'fields', message: FIX_FIELDS, insufficientFunds: false });
      return;
    }
    setErrors({});
    if (weightError) {
      setSubmitError({ kind: 'weight', message: weightError, insufficientFunds: false });
      return;
    }
    if (quote.kind !== 'ready') {
      setSubmitError({ kind: 'price', message: ORDER_MESSAGES.waitForPrice, insufficientFunds: false });
      return;
    }

    const body = { ...result.value, price: quote.price, estimatedDelivery: quote.estimatedDelivery };
    const bodyText = JSON.stringify(body);
    const key = keyForSubmit(openAttempt.current, bodyText, newIdempotencyKey);
    openAttempt.current = { key, body: bodyText };
    setSubmitting(true);
    try {
      const res = await createOrder.mutateAsync({ body, idempotencyKey: key });
      openAttempt.current = null;
      if (!mounted.current) return;
      setSubmitting(false);
      if (res.order.status === 'failed') {
        setSubmitError({ kind: 'server', message: res.order.failureReason ?? CREATE_FAILED, insufficientFunds: false });
        return;
      }
      if (res.order.status !== 'completed' || !res.order.hasLabel) {
        // 202 pending reconciliation: no label yet; My Orders shows it once the carrier answers.
        setOutcome({ kind: 'pending', message: res.message });
        await delay(MY_ORDERS_DELAY_MS);
        if (mounted.current) navigate('/my-orders');
        return;
      }
      await afterPurchase(res._id, res.message);
    } catch (error) {
      if (!outcomeUnknown(error, ORDER_MESSAGES.idempotencyInProgress)) openAttempt.current = null;
      if (!mounted.current) return;
      setSubmitting(false);
      const apiError = error instanceof ApiClientError ? error : null;
      if (apiError?.details.length) setErrors(errorsFromDetails(apiError.details));
      // A 409 other than "still processing" means the price changed: ask for the new one.
      if (apiError?.status === 409 && apiError.message !== ORDER_MESSAGES.idempotencyInProgress) {
        reloadQuote();
      }
      setSubmitError({
        kind: 'server',
        message: errorMessage(error, CREATE_FAILED),
        insufficientFunds: apiError?.status === 402,
      });
    }
  };

  // A form check's message goes away once what it asked for is done (the next submit checks again anyway).
  const shownError =
    submitError &&
    !(submitError.kind === 'fields' && Object.keys(errors).length === 0) &&
    !(submitError.kind === 'weight' && !weightError) &&
    !(submitError.kind === 'price' && quote.kind === 'ready')
      ? submitError
      : null;

  const apiOptions = apis.kind === 'ready' ? apis.value.map((a) => ({ value: a._id, label: a.name })) : [];
  const noApis = apis.kind === 'ready' && apis.value.length === 0;

  return (
    <Stack gap="lg">
      <PageHeader
        title="Create Order"
        description="Buy a single shipping label, paid from your balance."
        actions={
          <Paper withBorder px="md" py="xs">
            {balance.kind === 'failed' ? (
              <Text size="sm" c="red" role="alert" data-testid="manual-order-balance-error">
                {balance.message}
              </Text>
            ) : (
              <Text size="sm">
                Balance:{' '}
                <Text span fw={700} data-testid="manual-order-balance">
                  {balance.kind === 'ready' ? formatUsd(balance.value) : '…'}
                </Text>
              </Text>
            )}
          </Paper>
        }
      />

      <form onSubmit={submit} noValidate data-testid="manual-order-form">
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, lg: 8 }}>
            <Stack gap="lg">
              <Paper withBorder p="md" data-testid="service-picker">
                <Stack gap="sm">
                  <Title order={3} size="h4">
                    Shipping Service
                  </Title>
                  {apis.kind === 'failed' ? (
                    <RetryAlert message={apis.message} onRetry={choice.retryApis} testId="manual-order-apis-error" />
                  ) : null}
                  {noApis ? (
                    <Text c="dimmed" data-testid="manual-order-no-apis">
                      No shipping service APIs available
                    </Text>
                  ) : null}
                  {services.kind === 'failed' ? (
                    <RetryAlert
                      message={services.message}
                      onRetry={choice.retryServices}
                      testId="manual-order-services-error"
                    />
                  ) : null}
                  <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
                    <Select
                      label="Shipping API"
                      placeholder={apis.kind === 'loading' ? 'Loading...' : 'Choose an API'}
                      data={apiOptions}
                      value={form.apiId}
                      onChange={(v) => {
                        if (!v || v === form.apiId) return;
                        choice.setApi(v);
                        clearError('apiId');
                      }}
                      allowDeselect={false}
                      disabled={locked || apiOptions.length === 0}
                      error={errors.apiId}
                      withAsterisk
                      data-testid="order-api"
                    />
                    <Select
                      label="Carrier"
                      placeholder={services.kind === 'loading' ? 'Loading...' : 'Choose a carrier'}
                      data={carrierOptions(catalogue)}
                      value={form.carrier}
                      onChange={(v) => {
                        if (!isCarrier(v) || v === form.carrier) return;
                        choice.setCarrier(v);
                        clearError('carrier', 'serviceType');
                      }}
                      allowDeselect={false}
                      disabled={locked || !catalogue}
                      error={errors.carrier}
                      withAsterisk
                      data-testid="order-carrier"
                    />
                    <Select
                      label="Service"
                      placeholder={services.kind === 'loading' ? 'Loading...' : 'Choose a service'}
                      data={serviceOptions(catalogue, form.carrier)}
                      value={form.serviceType}
                      onChange={(v) => {
                        if (!v) return;
                        choice.setService(v);
                        clearError('serviceType');
                      }}
                      allowDeselect={false}
                      disabled={locked || !catalogue || !form.carrier}
                      error={errors.serviceType}
                      withAsterisk
                      nothingFoundMessage="No services for this carrier"
                      comboboxProps={{ width: 380, position: 'bottom-end' }}
                      data-testid="order-service"
                    />
                  </SimpleGrid>
                  {service?.maxWeight ? (
                    <Text size="xs" c="dimmed" data-testid="service-max-weight">
                      Maximum weight for {service.name}: {service.maxWeight} {service.weightUnit}
                    </Text>
                  ) : null}
                </Stack>
              </Paper>

              <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
                {(['sender', 'recipient'] as const).map((role) => (
                  <AddressBlock
                    key={role}
                    role={role}
                    title={role === 'sender' ? 'From Address' : 'To Address'}
                    values={form[role]}
                    errors={partyErrors(errors, role)}
                    onChange={(field, value) => setParty(role, field, value)}
                    saved={saved}
                    pickedId={picked[role]}
                    onPick={(address) => pickAddress(role, address._id, partyFromAddress(address))}
                    disabled={locked}
                  />
                ))}
              </SimpleGrid>

              <Paper withBorder p="md" data-testid="package-details">
                <Stack gap="sm">
                  <Title order={3} size="h4">
                    Package Details
                  </Title>
                  <Group align="flex-start" gap="sm" wrap="wrap">
                    <NumberInput
                      label="Weight"
                      withAsterisk
                      min={0.1}
                      step={0.1}
                      decimalScale={2}
                      allowNegative={false}
                      w={240}
                      {...numberField('weight')}
                      error={weightError ?? errors['packageDetails.weight']}
                      data-testid="package-weight"
                    />
                    <Input.Wrapper label="Unit">
                      <SegmentedControl
                        display="flex"
                        data={[
                          { value: 'lbs', label: 'lbs' },
                          { value: 'oz', label: 'oz' },
                        ]}
                        value={form.packageDetails.weightUnit}
                        onChange={(v) => (v === 'lbs' || v === 'oz') && setPackage('weightUnit', v)}
                        disabled={locked}
                        data-testid="package-weight-unit"
                      />
                    </Input.Wrapper>
                  </Group>
                  <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
                    {(['length', 'width', 'height'] as const).map((dim) => (
                      <NumberInput
                        key={dim}
                        label={`${dim.charAt(0).toUpperCase()}${dim.slice(1)} (in)`}
                        withAsterisk
                        min={0.1}
                        step={0.1}
                        decimalScale={2}
                        allowNegative={false}
                        {...numberField(dim)}
                        data-testid={`package-${dim}`}
                      />
                    ))}
                  </SimpleGrid>
                  <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                    <TextInput
                      label="Description"
                      maxLength={200}
                      value={form.packageDetails.description}
                      onChange={(e) => setPackage('description', e.currentTarget.value)}
                      error={errors['packageDetails.description']}
                      disabled={locked}
                      data-testid="package-description"
                    />
                    <NumberInput
                      label="Declared Value (USD)"
                      min={0}
                      step={0.01}
                      decimalScale={2}
                      allowNegative={false}
                      {...numberField('value')}
                      data-testid="package-value"
                    />
                  </SimpleGrid>
                </Stack>
              </Paper>
            </Stack>
          </Grid.Col>

          <Grid.Col span={{ base: 12, lg: 4 }}>
            <Stack gap="md" pos="sticky" top={76}>
              <PriceCard quote={quote} serviceName={service?.name ?? null} />
              {quote.kind === 'ready' &&
              balance.kind === 'ready' &&
              quote.price > balance.value &&
              !shownError?.insufficientFunds &&
              !outcome ? (
                <Alert color="orange" variant="light" role="alert" data-testid="manual-order-low-balance">
                  <Text size="sm">{ORDER_MESSAGES.insufficientBalance}</Text>
                  <Anchor component={Link} to="/balance" size="sm">
                    Add funds
                  </Anchor>
                </Alert>
              ) : null}
              {shownError ? (
                <Alert color="red" variant="light" role="alert" data-testid="manual-order-error">
                  <Text size="sm">{shownError.message}</Text>
                  {shownError.insufficientFunds ? (
                    <Anchor component={Link} to="/balance" size="sm" data-testid="manual-order-add-funds">
                      Add funds to your balance
                    </Anchor>
                  ) : null}
                </Alert>
              ) : null}
              {outcome ? (
                <Alert
                  color={outcome.kind === 'pending' ? 'yellow' : 'green'}
                  variant="light"
                  role="status"
                  data-testid={outcome.kind === 'pending' ? 'manual-order-pending' : 'manual-order-success'}
                >
                  <Stack gap={6}>
                    <Text size="sm">{outcome.message}</Text>
                    {outcome.kind === 'label-blocked' ? (
                      <Group gap="sm">
                        <Anchor
                          href={outcome.url}
                          target="_blank"
                          rel="noopener noreferrer"
                          size="sm"
                          fw={600}
                          data-testid="manual-order-open-label"
                        >
                          Open label
                        </Anchor>
                        <Anchor component={Link} to="/my-orders" size="sm">
                          Go to My Orders
                        </Anchor>
                      </Group>
                    ) : (
                      <Text size="xs" c="dimmed">
                        {outcome.kind === 'pending'
                          ? 'Taking you to My Orders...'
                          : 'Opening your label and taking you to My Orders...'}
                      </Text>
                    )}
                  </Stack>
                </Alert>
              ) : null}
              {labelError ? (
                <Alert color="red" variant="light" role="alert" data-testid="manual-order-label-error">
                  {labelError}
                </Alert>
              ) : null}
              <Button
                type="submit"
                size="md"
                fullWidth
                disabled={locked || noApis}
                leftSection={submitting ? <Loader size={16} color="gray" /> : null}
                data-testid="create-label-button"
              >
                {submitting ? 'Creating Label...' : 'Create Label'}
              </Button>
            </Stack>
          </Grid.Col>
        </Grid>
      </form>
    </Stack>
  );
}
