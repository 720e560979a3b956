import { api, errorMessage } from '@labeldesk/api-client';
import { MIN_TOP_UP_USD } from '@labeldesk/contracts';
import { Alert, Button, Group, Loader, Modal, NumberInput, Select, Stack, Text, TextInput } from '@labeldesk/ui';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import {
  CRYPTO_CURRENCIES,
  checkTopUp,
  DEFAULT_CRYPTO_CURRENCY,
  DEFAULT_PAYMENT_METHOD,
  isPaymentMethod,
  METHOD_NOT_IMPLEMENTED,
  PAYMENT_METHODS,
  type PaymentMethod,
  REDIRECT_DELAY_MS,
  safePaymentUrl,
} from './top-up';

const INVOICE_FAILED = 'Failed to create payment invoice';
const METHOD_OPTIONS = PAYMENT_METHODS.map((m) => ({ value: m.value, label: m.label }));
const COIN_OPTIONS = CRYPTO_CURRENCIES.map((c) => ({ value: c.value, label: c.label }));

interface TopUpModalProps {
  opened: boolean;
  onClose: () => void;
}

/**
 * SPEC §2 Top Up: payment method (crypto, Bitcoin, by default), currency USD, amount of at least $1 in cents. On success
 * the modal says it is redirecting and sends the browser to the invoice's payment page 1 s later.
 * Mount with a new `key` per opening so each opening starts clean.
 */
export function TopUpModal({ opened, onClose }: TopUpModalProps) {
  const [method, setMethod] = useState<PaymentMethod>(DEFAULT_PAYMENT_METHOD);
  const [amount, setAmount] = useState<string | number>('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [redirecting, setRedirecting] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const locked = busy || redirecting;
  const notImplemented = method !== 'crypto';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (locked) return;
    const check = checkTopUp(method, amount);
    if (!check.ok) {
      setError(check.error);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const invoice = await api.crypto.createInvoice(check.body);
      const url = safePaymentUrl(invoice.paymentUrl);
      if (!url) throw new Error('The payment page address is not a web address');
      setRedirecting(true);
      timer.current = setTimeout(() => {
        window.location.href = url;
      }, REDIRECT_DELAY_MS);
    } catch (e) {
      setError(errorMessage(e, INVOICE_FAILED));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={() => !locked && onClose()}
      title="Top Up Balance"
      closeOnClickOutside={!locked}
      closeOnEscape={!locked}
      withCloseButton={!locked}
    >
      <form onSubmit={submit} noValidate data-testid="topup-form">
        <Stack gap="sm">
          {error ? (
            <Alert color="red" variant="light" role="alert" data-testid="topup-error">
              {error}
            </Alert>
          ) : null}
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
            value={method}
            allowDeselect={false}
            disabled={locked}
            onChange={(v) => {
              if (!isPaymentMethod(v)) return;
              setMethod(v);
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
          <NumberInput
            label="Amount"
            description={`Minimum $${MIN_TOP_UP_USD.toFixed(2)}`}
            placeholder="0.00"
            prefix="$"
            min={MIN_TOP_UP_USD}
            clampBehavior="none"
            step={0.01}
            decimalScale={2}
            thousandSeparator=","
            allowNegative={false}
            value={amount}
            onChange={(v) => {
              setAmount(v);
              if (error && !notImplemented) setError(null);
            }}
            disabled={locked}
            data-autofocus
            data-testid="topup-amount"
          />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose} disabled={locked}>
              Cancel
            </Button>
            <Button
              type="submit"
              disabled={locked || notImplemented}
              leftSection={busy ? <Loader size={14} color="gray" /> : null}
              data-testid="topup-submit"
            >
              {busy ? 'Creating Invoice...' : redirecting ? 'Redirecting...' : 'Continue to Payment'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
