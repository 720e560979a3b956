import { balanceMutations, errorMessage } from '@labeldesk/api-client';
import { CreateInvoiceRequest, MIN_TOP_UP_USD } from '@labeldesk/contracts';
import {
  Alert,
  FormModal,
  type FormOutcome,
  Group,
  Loader,
  MoneyInput,
  Select,
  Text,
  TextInput,
  useApiMutation,
  useContractForm,
} from '@labeldesk/ui';
import { useEffect, useRef, useState } from 'react';
import {
  CRYPTO_CURRENCIES,
  DEFAULT_CRYPTO_CURRENCY,
  emptyTopUpForm,
  isPaymentMethod,
  METHOD_NOT_IMPLEMENTED,
  PAYMENT_METHODS,
  REDIRECT_DELAY_MS,
  safePaymentUrl,
  toTopUpInput,
} from './top-up';

const INVOICE_FAILED = 'Failed to create payment invoice';
const METHOD_OPTIONS = PAYMENT_METHODS.map((m) => ({ value: m.value, label: m.label }));
const COIN_OPTIONS = CRYPTO_CURRENCIES.map((c) => ({ value: c.value, label: c.label }));

interface TopUpModalProps {
  opened: boolean;
  onClose: () => void;
}

/**
 * SPEC §2 Top Up: payment method (crypto, Bitcoin, by default), currency USD, amount of at least $1 in cents, on the
 * contract form (CreateInvoiceRequest checks the amount as the server does, its text under the field). Another method
 * says 'Payment method not implemented yet' and cannot be submitted. On success the modal says it is redirecting and
 * sends the browser to the invoice's payment page 1 s later.
 * Mount with a new `key` per opening so each opening starts clean.
 */
export function TopUpModal({ opened, onClose }: TopUpModalProps) {
  const form = useContractForm({
    schema: CreateInvoiceRequest,
    initialValues: emptyTopUpForm(),
    toInput: toTopUpInput,
  });
  const [redirecting, setRedirecting] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // Invalidates the pending payments: the new invoice is listed if the customer comes back without paying.
  const createInvoice = useApiMutation(balanceMutations.createInvoice);

  useEffect(() => () => clearTimeout(timer.current), []);

  const notImplemented = form.getValues().method !== 'crypto';

  const submit = async (body: CreateInvoiceRequest): Promise<FormOutcome> => {
    if (notImplemented) return { error: METHOD_NOT_IMPLEMENTED };
    const invoice = await createInvoice.mutateAsync(body);
    const url = safePaymentUrl(invoice.paymentUrl);
    if (!url) throw new Error('The payment page address is not a web address');
    setRedirecting(true);
    timer.current = setTimeout(() => {
      window.location.href = url;
    }, REDIRECT_DELAY_MS);
    return undefined;
  };

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title="Top Up Balance"
      testIdPrefix="topup"
      form={form}
      onSubmit={submit}
      errorText={(e) => errorMessage(e, INVOICE_FAILED)}
      submitLabel={redirecting ? 'Redirecting...' : 'Continue to Payment'}
      busyLabel="Creating Invoice..."
      locked={redirecting}
      submitDisabled={notImplemented}
    >
      {({ locked, setError }) => (
        <>
          {redirecting ? (
            <Alert color="green" variant="light" role="status" data-testid="topup-redirecting">
              <Group gap="xs" wrap="nowrap">
                <Loader size={14} color="green" />
                <Text size="sm">Payment invoice created. Redirecting to the payment page...</Text>
              </Group>
            </Alert>
          ) : null}
          <Select
            label="Payment Method"
            data={METHOD_OPTIONS}
            value={form.getValues().method}
            allowDeselect={false}
            disabled={locked}
            onChange={(v) => {
              if (!isPaymentMethod(v)) return;
              form.setFieldValue('method', v);
              setError(v === 'crypto' ? null : METHOD_NOT_IMPLEMENTED);
            }}
            data-testid="topup-method"
          />
          {notImplemented ? null : (
            <Select
              label="Cryptocurrency"
              data={COIN_OPTIONS}
              value={DEFAULT_CRYPTO_CURRENCY}
              allowDeselect={false}
              disabled={locked}
              data-testid="topup-coin"
            />
          )}
          <TextInput label="Currency" value="USD" readOnly variant="filled" data-testid="topup-currency" />
          <MoneyInput
            label="Amount"
            description={`Minimum $${MIN_TOP_UP_USD.toFixed(2)}`}
            min={MIN_TOP_UP_USD}
            disabled={locked}
            data-autofocus
            data-testid="topup-amount"
            {...form.getInputProps('amount')}
          />
        </>
      )}
    </FormModal>
  );
}
