import {
  type Address,
  type CalculatePriceRequest,
  CreateOrderRequest,
  type CustomerService,
  ORDER_MESSAGES,
  type WeightUnit,
} from '@labeldesk/contracts';
import { checkMaxWeight } from '@labeldesk/pricing';
import { emptyParty, type PartyFormValues, partyFromAddress } from '../addresses/address-values';
import type { ServicePick } from '../ordering/service-choice';

/**
 * A number input's value: a number, or the text Mantine's NumberInput hands over while it is empty or unfinished
 * ('', '1.').
 */
export type FormNumber = number | string;

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

export type Role = 'sender' | 'recipient';

/**
 * What the Manual Order form holds: the From and To blocks and the package (SPEC §3 order payload), plus which saved
 * address each block was last filled from (none once edited by hand). The API, carrier and service are the shared
 * service choice (../ordering), not form fields.
 */
export interface OrderFormValues {
  sender: PartyFormValues;
  recipient: PartyFormValues;
  packageDetails: PackageFormValues;
  /** The customer's text printed on the label (optional, at most 35 characters; issue 24). */
  reference: string;
  picked: Record<Role, string | null>;
}

/** The part of POST /api/orders the form holds: the contract narrowed to it, with the contract's own texts. */
export const OrderFormSchema = CreateOrderRequest.pick({
  sender: true,
  recipient: true,
  packageDetails: true,
  reference: true,
});

/**
 * The saved address a sender block starts with (SPEC §2/§9: senders default to the default sender address): the
 * default sender, else none (an arbitrary first address would put a stranger's address in the From block).
 */
export function defaultSender(addresses: readonly Address[] | undefined): Address | null {
  return addresses?.find((a) => a.type === 'sender' && a.isDefault) ?? null;
}

/** A new order form: the default sender's address in From when there is one. */
export function emptyOrderForm(sender: Address | null = null): OrderFormValues {
  return {
    sender: sender ? partyFromAddress(sender) : emptyParty(),
    recipient: emptyParty(),
    packageDetails: { weight: '', weightUnit: 'lbs', length: '', width: '', height: '', description: '', value: 0 },
    reference: '',
    picked: { sender: sender?._id ?? null, recipient: null },
  };
}

/** A number field as a number, or undefined while empty or not a number (the contract then says it is required). */
export function numberOf(value: FormNumber): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  const text = value.trim();
  if (text === '') return undefined;
  const parsed = Number(text);
  return Number.isFinite(parsed) ? parsed : undefined;
}

/**
 * The form as the schema's input: empty numbers left out so the contract names them ('Weight is required'); a blank
 * reference left out (no reference).
 */
export function orderInputOf(values: OrderFormValues) {
  const pkg = values.packageDetails;
  return {
    sender: values.sender,
    recipient: values.recipient,
    packageDetails: {
      weight: numberOf(pkg.weight),
      weightUnit: pkg.weightUnit,
      length: numberOf(pkg.length),
      width: numberOf(pkg.width),
      height: numberOf(pkg.height),
      description: pkg.description,
      value: numberOf(pkg.value) ?? 0,
    },
    ...(values.reference.trim() ? { reference: values.reference } : {}),
  };
}

/** The service choice's own field errors (SPEC §5 texts), keyed as the request names them. */
export function choiceErrors(pick: ServicePick): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!pick.apiId) errors.apiId = ORDER_MESSAGES.apiRequired;
  if (!pick.carrier) errors.carrier = ORDER_MESSAGES.carrierRequired;
  if (!pick.service) errors.serviceType = ORDER_MESSAGES.serviceRequired;
  return errors;
}

const present = (text: string) => text.trim() !== '';
const positive = (n: number | undefined): n is number => n !== undefined && n > 0;

/**
 * SPEC §5 price rule: a price is asked for only when both ZIP codes, both names, the service, the carrier and the four
 * package numbers are present. Returns the quote request, or null while something is missing.
 */
export function priceRequestFor(values: OrderFormValues, pick: ServicePick): CalculatePriceRequest | null {
  const { sender, recipient, packageDetails: pkg } = values;
  const { apiId, carrier, service } = pick;
  if (!apiId || !carrier || !service) return null;
  if (!present(sender.name) || !present(recipient.name) || !present(sender.zip) || !present(recipient.zip)) return null;
  const [weight, length, width, height] = [pkg.weight, pkg.length, pkg.width, pkg.height].map(numberOf);
  if (!positive(weight) || !positive(length) || !positive(width) || !positive(height)) return null;
  return {
    apiId,
    carrier,
    serviceType: service,
    packageDetails: { weight, weightUnit: pkg.weightUnit, length, width, height },
    sender: { zip: sender.zip.trim() },
    recipient: { zip: recipient.zip.trim() },
  };
}

/**
 * SPEC §5: 'Weight exceeds maximum allowed ({max} oz|lb) for {service}' when the package is heavier than the service
 * allows (compared across units), else null. It blocks submit.
 */
export function weightLimitError(values: OrderFormValues, service: CustomerService | null): string | null {
  const weight = numberOf(values.packageDetails.weight);
  if (!service || weight === undefined) return null;
  return checkMaxWeight(weight, values.packageDetails.weightUnit, service);
}
