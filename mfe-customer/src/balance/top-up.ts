import { CreateInvoiceRequest, INVALID_AMOUNT } from '@labeldesk/contracts';

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

/**
 * The amount typed into the top-up form as a number, or null when it is not one. Mantine's NumberInput hands over a
 * number, or a string while the text is empty or unfinished ('', '-', '1.').
 */
export function parseAmountInput(value: string | number): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const text = value.trim();
  if (text === '') return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
}

export type TopUpCheck = { ok: true; body: CreateInvoiceRequest } | { ok: false; error: string };

/**
 * Checks the top-up form before any call: a non-crypto method is refused with 'Payment method not implemented yet';
 * the amount must pass the contract's own rule (at least $1, at most 2 decimals), else 'Please enter a valid amount'.
 */
export function checkTopUp(method: PaymentMethod, amount: string | number): TopUpCheck {
  if (method !== 'crypto') return { ok: false, error: METHOD_NOT_IMPLEMENTED };
  const parsed = CreateInvoiceRequest.safeParse({ amount: parseAmountInput(amount) });
  if (!parsed.success) return { ok: false, error: parsed.error.issues[0]?.message ?? INVALID_AMOUNT };
  return { ok: true, body: parsed.data };
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
