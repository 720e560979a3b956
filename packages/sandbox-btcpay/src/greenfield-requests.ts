import { type CreateInvoiceInput, INVOICE_EVENT_TYPES } from './invoices';
import { parseUsd } from './money';
import { isHttpUrl } from './options';
import type { SandboxService } from './service';
import type { CheckoutRecord, WebhookRecord } from './state';

/**
 * The Greenfield request bodies the sandbox accepts (create invoice with its checkout options, create or update a
 * webhook), checked as BTCPay Server v2.4.1 checks them: 422 with an array of `{path, message}`.
 */
/** A Greenfield validation error item (HTTP 422 bodies are an array of these). */
export interface ValidationError {
  path: string;
  message: string;
}

const SPEED_POLICIES = ['HighSpeed', 'MediumSpeed', 'LowMediumSpeed', 'LowSpeed'];
const BTC_METHOD_NAMES = ['BTC', 'BTC-CHAIN', 'BTC-OnChain'];
const MAX_AMOUNT_CENTS = 100_000_000_00;
const MAX_MINUTES = 366 * 24 * 60;
/** GreenfieldInvoiceController (v2.4.1): "Expiration time must be at least 30 seconds". */
const MIN_EXPIRATION_SECONDS = 30;

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

type ParseResult<T> = { ok: true; value: T } | { ok: false; errors: ValidationError[] };

export function parseCreateInvoice(
  body: unknown,
  service: SandboxService,
): { ok: true; input: CreateInvoiceInput } | { ok: false; errors: ValidationError[] } {
  const errors: ValidationError[] = [];
  if (!isRecord(body)) return { ok: false, errors: [{ path: '', message: 'The request body must be a JSON object' }] };

  let amountCents = 0;
  if (body.amount === undefined || body.amount === null || body.amount === '') {
    errors.push({ path: 'amount', message: 'The amount is required (this sandbox does not support top-up invoices)' });
  } else {
    const parsed = parseUsd(body.amount);
    if (!parsed.ok) {
      errors.push({
        path: 'amount',
        message:
          parsed.reason === 'scale'
            ? 'The amount can have at most 2 decimal places for USD'
            : 'The amount must be a positive decimal number',
      });
    } else if (parsed.cents <= 0) {
      errors.push({ path: 'amount', message: 'The amount must be more than 0' });
    } else if (parsed.cents > MAX_AMOUNT_CENTS) {
      errors.push({ path: 'amount', message: 'The amount is too large' });
    } else {
      amountCents = parsed.cents;
    }
  }

  const currency = body.currency;
  if (currency !== undefined && currency !== null && currency !== '') {
    if (typeof currency !== 'string' || currency.trim().toUpperCase() !== 'USD') {
      errors.push({ path: 'currency', message: 'This sandbox store only prices invoices in USD' });
    }
  }

  let metadata: Record<string, unknown> = {};
  if (body.metadata !== undefined && body.metadata !== null) {
    if (isRecord(body.metadata)) metadata = body.metadata;
    else errors.push({ path: 'metadata', message: 'The metadata must be a JSON object' });
  }

  const checkout = parseCheckout(body.checkout, service, errors);

  let additionalSearchTerms: string[] = [];
  if (body.additionalSearchTerms !== undefined && body.additionalSearchTerms !== null) {
    if (Array.isArray(body.additionalSearchTerms) && body.additionalSearchTerms.every((t) => typeof t === 'string')) {
      additionalSearchTerms = body.additionalSearchTerms;
    } else {
      errors.push({ path: 'additionalSearchTerms', message: 'additionalSearchTerms must be an array of strings' });
    }
  }

  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, input: { amountCents, metadata, checkout, additionalSearchTerms } };
}

function parseCheckout(value: unknown, service: SandboxService, errors: ValidationError[]): CheckoutRecord {
  const checkout: CheckoutRecord = {
    speedPolicy: 'MediumSpeed',
    paymentMethods: ['BTC-CHAIN'],
    defaultPaymentMethod: null,
    lazyPaymentMethods: false,
    expirationMinutes: service.options.invoiceExpirationMinutes,
    monitoringMinutes: service.options.monitoringMinutes,
    paymentTolerance: 0,
    redirectURL: null,
    redirectAutomatically: false,
    defaultLanguage: null,
  };
  if (value === undefined || value === null) return checkout;
  if (!isRecord(value)) {
    errors.push({ path: 'checkout', message: 'checkout must be a JSON object' });
    return checkout;
  }
  // BTCPay reads both as whole minutes (TimeSpanJsonConverter.Minutes: an integer, or a "hh:mm:ss" string it does
  // not need here), and refuses an expiration under 30 seconds with a validation error on `Checkout.Expiration`.
  const minutes = (field: 'expirationMinutes' | 'monitoringMinutes') => {
    const raw = value[field];
    if (raw === undefined || raw === null) return undefined;
    if (typeof raw !== 'number' || !Number.isSafeInteger(raw)) {
      errors.push({ path: `checkout.${field}`, message: 'Invalid timespan, expected integer' });
      return undefined;
    }
    if (raw > MAX_MINUTES) {
      errors.push({ path: `checkout.${field}`, message: `${field} must be at most ${MAX_MINUTES} minutes` });
      return undefined;
    }
    return raw;
  };
  const expiration = minutes('expirationMinutes');
  if (expiration !== undefined) {
    if (expiration * 60 < MIN_EXPIRATION_SECONDS) {
      errors.push({ path: 'Checkout.Expiration', message: 'Expiration time must be at least 30 seconds' });
    } else {
      checkout.expirationMinutes = expiration;
    }
  }
  const monitoring = minutes('monitoringMinutes');
  if (monitoring !== undefined) {
    if (monitoring < 0)
      errors.push({ path: 'checkout.monitoringMinutes', message: 'monitoringMinutes must be 0 or more' });
    else checkout.monitoringMinutes = monitoring;
  }

  if (value.redirectURL !== undefined && value.redirectURL !== null) {
    if (typeof value.redirectURL === 'string' && isHttpUrl(value.redirectURL)) checkout.redirectURL = value.redirectURL;
    else errors.push({ path: 'checkout.redirectURL', message: 'redirectURL must be an absolute http(s) URL' });
  }
  if (value.redirectAutomatically !== undefined && value.redirectAutomatically !== null) {
    if (typeof value.redirectAutomatically === 'boolean') checkout.redirectAutomatically = value.redirectAutomatically;
    else errors.push({ path: 'checkout.redirectAutomatically', message: 'redirectAutomatically must be a boolean' });
  }
  if (value.speedPolicy !== undefined && value.speedPolicy !== null) {
    if (typeof value.speedPolicy === 'string' && SPEED_POLICIES.includes(value.speedPolicy)) {
      checkout.speedPolicy = value.speedPolicy;
    } else {
      errors.push({ path: 'checkout.speedPolicy', message: `speedPolicy must be one of ${SPEED_POLICIES.join(', ')}` });
    }
  }
  if (value.paymentMethods !== undefined && value.paymentMethods !== null) {
    const methods = value.paymentMethods;
    if (!Array.isArray(methods) || !methods.every((m) => typeof m === 'string')) {
      errors.push({ path: 'checkout.paymentMethods', message: 'paymentMethods must be an array of strings' });
    } else if (!methods.some((m) => BTC_METHOD_NAMES.includes(m))) {
      errors.push({
        path: 'checkout.paymentMethods',
        message: 'This sandbox store only offers BTC on-chain (BTC-CHAIN)',
      });
    }
  }
  if (typeof value.paymentTolerance === 'number' && value.paymentTolerance >= 0 && value.paymentTolerance <= 100) {
    checkout.paymentTolerance = value.paymentTolerance;
  }
  if (typeof value.defaultLanguage === 'string') checkout.defaultLanguage = value.defaultLanguage;
  if (typeof value.defaultPaymentMethod === 'string') checkout.defaultPaymentMethod = value.defaultPaymentMethod;
  return checkout;
}

interface WebhookInput {
  url?: string;
  secret?: string;
  enabled?: boolean;
  automaticRedelivery?: boolean;
  authorizedEvents?: WebhookRecord['authorizedEvents'];
}

export function parseWebhook(body: unknown, existing: WebhookRecord | null): ParseResult<WebhookInput> {
  if (!isRecord(body)) return { ok: false, errors: [{ path: '', message: 'The request body must be a JSON object' }] };
  const errors: ValidationError[] = [];
  const out: WebhookInput = {};
  if (body.url === undefined && existing) {
    // keep the current URL
  } else if (typeof body.url === 'string' && isHttpUrl(body.url)) {
    out.url = body.url;
  } else {
    errors.push({ path: 'url', message: 'url must be an absolute http(s) URL' });
  }
  if (body.secret !== undefined && body.secret !== null) {
    if (typeof body.secret === 'string') out.secret = body.secret;
    else errors.push({ path: 'secret', message: 'secret must be a string' });
  }
  for (const field of ['enabled', 'automaticRedelivery'] as const) {
    const raw = body[field];
    if (raw === undefined || raw === null) continue;
    if (typeof raw === 'boolean') out[field] = raw;
    else errors.push({ path: field, message: `${field} must be a boolean` });
  }
  const events = body.authorizedEvents;
  if (events !== undefined && events !== null) {
    if (!isRecord(events)) {
      errors.push({ path: 'authorizedEvents', message: 'authorizedEvents must be an object' });
    } else {
      const everything = events.everything ?? true;
      const specific = events.specificEvents ?? [];
      if (typeof everything !== 'boolean') {
        errors.push({ path: 'authorizedEvents.everything', message: 'everything must be a boolean' });
      } else if (!Array.isArray(specific) || !specific.every((e) => typeof e === 'string')) {
        errors.push({ path: 'authorizedEvents.specificEvents', message: 'specificEvents must be an array of strings' });
      } else {
        const unknown = specific.filter((e) => !(INVOICE_EVENT_TYPES as readonly string[]).includes(e));
        if (unknown.length > 0) {
          errors.push({ path: 'authorizedEvents.specificEvents', message: `Unknown events: ${unknown.join(', ')}` });
        } else {
          out.authorizedEvents = { everything, specificEvents: specific };
        }
      }
    }
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, value: out };
}
