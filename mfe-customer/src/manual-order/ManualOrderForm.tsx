import { ApiClientError, balanceQueries } from '@labeldesk/api-client';
import { type Address, ORDER_MESSAGES } from '@labeldesk/contracts';
import { weightWithUnit } from '@labeldesk/pricing';
import { Grid, SimpleGrid, Stack, setServerErrors, Text, useContractForm, useQuery } from '@labeldesk/ui';
import { type FormEvent, useState } from 'react';
import { ServicePicker } from '../ordering/ServicePicker';
import { findService } from '../ordering/service-choice';
import { type PickerList, useServiceChoice } from '../ordering/use-service-choice';
import { AddressBlock } from './AddressBlock';
import { OrderSummary } from './OrderSummary';
import {
  choiceErrors,
  emptyOrderForm,
  OrderFormSchema,
  orderInputOf,
  priceRequestFor,
  weightLimitError,
} from './order-values';
import { PackageFields } from './PackageFields';
import { usePriceQuote } from './use-price-quote';
import { usePurchase } from './use-purchase';

const FIX_FIELDS = 'Please correct the highlighted fields.';
/** A form check that stopped the last submit: its message goes away once what it asked for is done. */
type Check = 'fields' | 'weight' | 'price' | null;

/**
 * The Manual Order form: the service choice (shared with Bulk Order), From/To addresses, package details, and the
 * price card with Create Label. Field values and errors live in one contract form (CreateOrderRequest narrowed to the
 * addresses and package); the price shown is sent with the order.
 */
export function ManualOrderForm({
  saved,
  initialSender,
}: {
  saved: PickerList<Address[]>;
  initialSender: Address | null;
}) {
  const choice = useServiceChoice('manual');
  const { pick } = choice;
  const form = useContractForm({
    schema: OrderFormSchema,
    initialValues: emptyOrderForm(initialSender),
    toInput: orderInputOf,
  });
  const balance = useQuery(balanceQueries.current()).data?.balance;
  const [check, setCheck] = useState<Check>(null);

  const service = findService(choice.services.data ?? null, pick.carrier, pick.service);
  const { quote, reload: reloadQuote } = usePriceQuote(priceRequestFor(form.values, pick));
  const weightError = weightLimitError(form.values, service);
  const purchase = usePurchase((error) => {
    setServerErrors(form, error);
    // A 409 other than "still processing" means the price changed: ask for the new one.
    if (
      error instanceof ApiClientError &&
      error.status === 409 &&
      error.message !== ORDER_MESSAGES.idempotencyInProgress
    ) {
      reloadQuote();
    }
  });
  const locked = purchase.submitting || purchase.done;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (locked) return;
    purchase.clearRefusal();
    setCheck(null);
    const checked = form.validate();
    const missing = choiceErrors(pick);
    if (checked.hasErrors || Object.keys(missing).length > 0) {
      form.setErrors({ ...checked.errors, ...missing });
      setCheck('fields');
      return;
    }
    if (weightError) return setCheck('weight');
    if (quote.kind !== 'ready') return setCheck('price');
    await purchase.buy({
      apiId: pick.apiId ?? '',
      carrier: pick.carrier ?? 'UPS',
      serviceType: pick.service ?? '',
      ...form.getTransformedValues(),
      price: quote.price,
      estimatedDelivery: quote.estimatedDelivery,
    });
  };

  const problem =
    check === 'fields' && Object.keys(form.errors).length > 0
      ? { message: FIX_FIELDS, insufficientFunds: false }
      : check === 'weight' && weightError
        ? { message: weightError, insufficientFunds: false }
        : check === 'price' && quote.kind !== 'ready'
          ? { message: ORDER_MESSAGES.waitForPrice, insufficientFunds: false }
          : purchase.state.kind === 'refused'
            ? purchase.state
            : null;

  return (
    <form onSubmit={submit} noValidate data-testid="manual-order-form">
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="lg">
            <ServicePicker
              choice={choice}
              title="Shipping Service"
              required
              disabled={locked}
              errors={form.errors}
              onPicked={(field) => {
                form.clearFieldError(field);
                if (field === 'carrier') form.clearFieldError('serviceType');
              }}
              testIds={{
                paper: 'service-picker',
                api: 'order-api',
                carrier: 'order-carrier',
                service: 'order-service',
                apisError: 'manual-order-apis-error',
                noApis: 'manual-order-no-apis',
                servicesError: 'manual-order-services-error',
              }}
              footer={
                service?.maxWeight ? (
                  <Text size="xs" c="dimmed" data-testid="service-max-weight">
                    Maximum weight for {service.name}: {weightWithUnit(service.maxWeight, service.weightUnit)}
                  </Text>
                ) : null
              }
            />
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
              <AddressBlock form={form} party="sender" title="From Address" saved={saved} disabled={locked} />
              <AddressBlock form={form} party="recipient" title="To Address" saved={saved} disabled={locked} />
            </SimpleGrid>
            <PackageFields form={form} weightError={weightError} disabled={locked} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <OrderSummary
            quote={quote}
            serviceName={service?.name ?? null}
            balance={balance}
            problem={problem}
            purchase={purchase.state}
            labelError={purchase.labelError}
            submitting={purchase.submitting}
            disabled={locked || choice.apis.data?.length === 0}
          />
        </Grid.Col>
      </Grid>
    </form>
  );
}
