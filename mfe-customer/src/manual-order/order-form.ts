import {
  type Address,
  type AllServicesResponse,
  CARRIERS,
  type CalculatePriceRequest,
  type Carrier,
  CreateOrderRequest,
  type CustomerService,
  type ErrorDetail,
  ORDER_MESSAGES,
  type PackageInput,
  type WeightUnit,
} from '@labeldesk/contracts';
import { checkMaxWeight } from '@labeldesk/pricing';
import { emptyParty, type PartyFormValues } from '../addresses/address-values';

export { emptyParty, type PartyField, type PartyFormValues, partyFromAddress } from '../addresses/address-values';

/** A number input's value: a number, or '' while empty (or not a number yet). */
export type FormNumber = number | '';

export interface PackageFormValues {
  weight: FormNumber;
  weightUnit: WeightUnit;
  length: FormNumber;
  width: FormNumber;
  height: FormNumber;
  description: string;
  /** Declared value in USD; SPEC §5 default 0. */
  value: FormNumber;
}

export interface OrderFormValues {
  apiId: string | null;
  carrier: Carrier | null;
  /** The service's name (SPEC §3 order payload `serviceType`). */
  serviceType: string | null;
  sender: PartyFormValues;
  recipient: PartyFormValues;
  packageDetails: PackageFormValues;
}

/** Field errors keyed by the request path: 'sender.zip', 'packageDetails.weight', 'serviceType', ... */
export type OrderFormErrors = Record<string, string>;

export function emptyOrderForm(): OrderFormValues {
  return {
    apiId: null,
    carrier: null,
    serviceType: null,
    sender: emptyParty(),
    recipient: emptyParty(),
    packageDetails: {
      weight: '',
      weightUnit: 'lbs',
      length: '',
      width: '',
      height: '',
      description: '',
      value: 0,
    },
  };
}

/**
 * The saved address a sender block starts with (SPEC §2/§9: senders default to the default sender address): the
 * default sender, else none (an arbitrary first address would put a stranger's address in the From block).
 */
export function defaultSender(addresses: readonly Address[]): Address | null {
  return addresses.find((a) => a.type === 'sender' && a.isDefault) ?? null;
}

/** A Mantine NumberInput change (number, or text while typing / empty) as a form number. */
export function toFormNumber(value: number | string): FormNumber {
  if (typeof value === 'number') return Number.isFinite(value) ? value : '';
  const text = value.trim();
  if (text === '') return '';
  const parsed = Number(text);
  return Number.isFinite(parsed) ? parsed : '';
}

const present = (text: string) => text.trim() !== '';
const positive = (n: FormNumber): n is number => typeof n === 'number' && Number.isFinite(n) && n > 0;

/**
 * SPEC §5 price rule: a price is asked for only when both ZIP codes, both names, the service, the carrier and the four
 * package numbers are present. Returns the quote request, or null while something is missing.
 */
export function priceRequestFor(form: OrderFormValues): CalculatePriceRequest | null {
  const { apiId, carrier, serviceType, sender, recipient, packageDetails: pkg } = form;
  if (!apiId || !carrier || !serviceType) return null;
  if (!present(sender.name) || !present(recipient.name) || !present(sender.zip) || !present(recipient.zip)) return null;
  if (!positive(pkg.weight) || !positive(pkg.length) || !positive(pkg.width) || !positive(pkg.height)) return null;
  return {
    apiId,
    carrier,
    serviceType,
    packageDetails: {
      weight: pkg.weight,
      weightUnit: pkg.weightUnit,
      length: pkg.length,
      width: pkg.width,
      height: pkg.height,
    },
    sender: { zip: sender.zip.trim() },
    recipient: { zip: recipient.zip.trim() },
  };
}

const numberOrUndefined = (n: FormNumber): number | undefined => (n === '' ? undefined : n);

type PackageNumbers = 'weight' | 'length' | 'width' | 'height';
/** A POST /api/orders body that may still lack package numbers (the contract then names what is missing). */
export type OrderRequestDraft = Omit<CreateOrderRequest, 'packageDetails'> & {
  packageDetails: Omit<PackageInput, PackageNumbers> & Partial<Pick<PackageInput, PackageNumbers>>;
};

/**
 * The form as a POST /api/orders body, before validation (empty numbers left out so the contract reports them as
 * missing with its own text).
 */
export function orderRequestFor(form: OrderFormValues, price?: number): OrderRequestDraft {
  const pkg = form.packageDetails;
  return {
    apiId: form.apiId ?? '',
    // Checked separately: a missing carrier gets ORDER_MESSAGES.carrierRequired (see validateOrderForm).
    carrier: form.carrier ?? 'UPS',
    serviceType: form.serviceType ?? '',
    sender: { ...form.sender },
    recipient: { ...form.recipient },
    packageDetails: {
      weight: numberOrUndefined(pkg.weight),
      weightUnit: pkg.weightUnit,
      length: numberOrUndefined(pkg.length),
      width: numberOrUndefined(pkg.width),
      height: numberOrUndefined(pkg.height),
      description: pkg.description,
      value: pkg.value === '' ? 0 : pkg.value,
    },
    ...(price === undefined ? {} : { price }),
  };
}

/** The first message per path from validation details (client zod issues or the server's `details`). */
export function errorsFromDetails(details: readonly ErrorDetail[]): OrderFormErrors {
  const errors: OrderFormErrors = {};
  for (const { path, message } of details) {
    if (path && !errors[path]) errors[path] = message;
  }
  return errors;
}

export type OrderFormResult = { ok: true; value: CreateOrderRequest } | { ok: false; errors: OrderFormErrors };

/**
 * SPEC §5 checks with the contract's own CreateOrderRequest (the texts the server would answer: 'Name is required',
 * 'Street address is required', 'ZIP code is required', 'Weight is required', 'Must be at least 0.1', ...). On success
 * the value is the trimmed body to send.
 */
export function validateOrderForm(form: OrderFormValues): OrderFormResult {
  const parsed = CreateOrderRequest.safeParse(orderRequestFor(form));
  const errors: OrderFormErrors = parsed.success
    ? {}
    : errorsFromDetails(parsed.error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message })));
  if (!form.apiId) errors.apiId = ORDER_MESSAGES.apiRequired;
  if (!form.carrier) errors.carrier = ORDER_MESSAGES.carrierRequired;
  if (Object.keys(errors).length > 0 || !parsed.success) return { ok: false, errors };
  return { ok: true, value: parsed.data };
}

// Services ----------------------------------------------------------------------------------------------------------

export const CARRIER_LABELS: Record<Carrier, string> = { UPS: 'UPS', USPS: 'USPS', FEDEX: 'FedEx' };

/** Carriers the selected API has services for, in the SPEC §9 order. */
export function carrierOptions(services: AllServicesResponse | null): Array<{ value: Carrier; label: string }> {
  if (!services) return [];
  return CARRIERS.filter((c) => services[c].length > 0).map((c) => ({ value: c, label: CARRIER_LABELS[c] }));
}

/**
 * The service picker's options for a carrier: every enabled service by name; inactive ones are listed but disabled,
 * saying 'Service currently unavailable' (SPEC §5).
 */
export function serviceOptions(
  services: AllServicesResponse | null,
  carrier: Carrier | null,
): Array<{ value: string; label: string; disabled: boolean }> {
  if (!services || !carrier) return [];
  return [...services[carrier]]
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((s) => ({
      value: s.name,
      label: s.active ? s.name : `${s.name} — ${ORDER_MESSAGES.serviceUnavailable}`,
      disabled: !s.active,
    }));
}

export function findService(
  services: AllServicesResponse | null,
  carrier: Carrier | null,
  name: string | null,
): CustomerService | null {
  if (!services || !carrier || !name) return null;
  return services[carrier].find((s) => s.name === name) ?? null;
}

/**
 * After the API's services (re)load: keep the carrier and service when the new list still offers them (the service
 * active), else fall back to the first carrier with services and no service.
 */
export function reconcileSelection(
  services: AllServicesResponse,
  carrier: Carrier | null,
  serviceType: string | null,
): { carrier: Carrier | null; serviceType: string | null } {
  const carriers = carrierOptions(services).map((o) => o.value);
  const nextCarrier = carrier && carriers.includes(carrier) ? carrier : (carriers[0] ?? null);
  const service = findService(services, nextCarrier, serviceType);
  return { carrier: nextCarrier, serviceType: service?.active ? service.name : null };
}

/**
 * SPEC §5: 'Weight exceeds maximum allowed ({max} oz|lbs) for {service}' when the package is heavier than the service
 * allows (compared across units), else null. It blocks submit.
 */
export function weightLimitError(form: OrderFormValues, service: CustomerService | null): string | null {
  const weight = form.packageDetails.weight;
  if (!service || weight === '') return null;
  return checkMaxWeight(weight, form.packageDetails.weightUnit, service);
}
