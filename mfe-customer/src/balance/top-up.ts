/** SPEC §2 Top Up: crypto is the only working method; the others are listed but not implemented. */
export const PAYMENT_METHODS = [
  { value: 'crypto', label: 'Cryptocurrency' },
  { value: 'card', label: 'Credit or Debit Card' },
  { value: 'bank_transfer', label: 'Bank Transfer' },
] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]['value'];
export const DEFAULT_PAYMENT_METHOD: PaymentMethod = 'crypto';

/** The coin the invoice is paid in (SPEC §2: default payment method crypto, bitcoin). */
export const CRYPTO_CURRENCIES = [{ value: 'bitcoin', label: 'Bitcoin (BTC)' }] as const;
export const DEFAULT_CRYPTO_CURRENCY = 'bitcoin';

export const METHOD_NOT_IMPLEMENTED = 'Payment method not implemented yet';
/** SPEC §9: the browser goes to the payment page 1 s after the invoice is created. */
export const REDIRECT_DELAY_MS = 1000;

export function isPaymentMethod(value: string | null): value is PaymentMethod {
  return PAYMENT_METHODS.some((m) => m.value === value);
}

/** The top-up form: the method (only crypto works) and the amount (a number input's value: '' while empty). */
export interface TopUpFormValues {
  method: PaymentMethod;
  amount: number | string;
}

export const emptyTopUpForm = (): TopUpFormValues => ({ method: DEFAULT_PAYMENT_METHOD, amount: '' });

/**
 * The form as the body the contract (CreateInvoiceRequest: at least $1 in whole cents) checks, so the field reads
 * 'Please enter a valid amount' exactly as the server would. Mantine's NumberInput hands over a number, or a string
 * while the text is empty or unfinished ('', '-', '1.'): that is no amount.
 */
export function toTopUpInput(values: TopUpFormValues): { amount: number | undefined } {
  const { amount } = values;
  if (typeof amount === 'number') return { amount: Number.isFinite(amount) ? amount : undefined };
  const text = amount.trim();
  const n = Number(text);
  return { amount: text === '' || !Number.isFinite(n) ? undefined : n };
}

/**
 * The payment page we may send the browser to: only an absolute http(s) URL. Anything else (a `javascript:` URL from a
 * misbehaving processor, garbage) is refused rather than assigned to window.location.
 */
export function safePaymentUrl(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}
