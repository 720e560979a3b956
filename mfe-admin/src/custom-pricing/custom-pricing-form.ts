import {
  CARRIERS,
  type Carrier,
  type CarrierCustomPricing,
  type CustomPricing,
  type CustomPricingType,
  type Service,
  type ServicePricingRule,
  type ServicesByCarrier,
  UpdateUserPricingRequest,
} from '@labeldesk/contracts';
import {
  centsToUsd,
  normalizeCustomServicePricing,
  PRICING_MESSAGES,
  usdToCents,
  validateCustomServicePricing,
} from '@labeldesk/pricing';
import type { FormErrors } from '@labeldesk/ui';
import { z } from 'zod';
import { checkTierRows, customerTierRows, type TierRow } from '../service-management/tier-editor';

/** 'none' = the customer pays the service price (no rule is stored for the service). */
export type RuleChoice = CustomPricingType | 'none';

export const RULE_CHOICES: ReadonlyArray<{ value: RuleChoice; label: string }> = [
  { value: 'none', label: 'Standard price' },
  { value: 'fixed', label: 'Fixed price' },
  { value: 'discount_percentage', label: 'Percentage discount' },
  { value: 'discount_amount', label: 'Amount discount' },
  { value: 'dynamic', label: 'Dynamic tiers' },
];

export function isRuleChoice(value: string | null): value is RuleChoice {
  return RULE_CHOICES.some((c) => c.value === value);
}

/** One service's rule as the form holds it: every field kept, so switching type back and forth loses nothing. */
export interface ServiceRuleForm {
  type: RuleChoice;
  fixedPrice: string | number;
  discountPercentage: string | number;
  discountAmount: string | number;
  tiers: TierRow[];
  applyToAllTiers: boolean;
}

export interface CarrierForm {
  enabled: boolean;
  services: Record<string, ServiceRuleForm>;
}

export interface CustomPricingForm {
  enabled: boolean;
  carriers: Record<Carrier, CarrierForm>;
}

/** Field errors by service: key `serviceKey(carrier, name)`. */
export type PricingErrors = Record<string, string[]>;

/**
 * The form field of one service's rule, `carriers.{carrier}.services.{name}`: where its problems land, as the server's
 * `details[].path` names them.
 */
export function serviceKey(carrier: Carrier, serviceName: string): string {
  return `carriers.${carrier}.services.${serviceName}`;
}

/** The empty form, until the pricing of the shown API is in. */
export function emptyPricingForm(): CustomPricingForm {
  const carriers = {} as Record<Carrier, CarrierForm>;
  for (const carrier of CARRIERS) carriers[carrier] = { enabled: false, services: {} };
  return { enabled: false, carriers };
}

function ruleFor(stored: ServicePricingRule | undefined, service: Service): ServiceRuleForm {
  return {
    type: stored?.type ?? 'none',
    fixedPrice: stored?.fixedPrice ?? '',
    discountPercentage: stored?.discountPercentage ?? '',
    discountAmount: stored?.discountAmount ?? '',
    tiers: customerTierRows(stored?.dynamicTiers, service.basePrice),
    applyToAllTiers: stored?.applyToAllTiers === true,
  };
}

/**
 * The form for one user and API: a row per service the API offers (by carrier), filled with the user's stored rule if
 * any. Rules for services the API no longer has are not shown and are dropped on save.
 */
export function formFromPricing(customPricing: CustomPricing, apiServices: ServicesByCarrier): CustomPricingForm {
  const carriers = {} as Record<Carrier, CarrierForm>;
  for (const carrier of CARRIERS) {
    const stored: CarrierCustomPricing | undefined = customPricing.carriers[carrier];
    const services: Record<string, ServiceRuleForm> = {};
    for (const [name, service] of Object.entries(apiServices[carrier])) {
      const rule = stored && Object.hasOwn(stored.services, name) ? stored.services[name] : undefined;
      services[name] = ruleFor(rule, service);
    }
    carriers[carrier] = { enabled: stored?.enabled === true, services };
  }
  return { enabled: customPricing.enabled, carriers };
}

/** Number of services of a carrier with a rule (type other than 'none'). */
export function ruleCount(carrier: CarrierForm): number {
  return Object.values(carrier.services).filter((s) => s.type !== 'none').length;
}

function parsePercentage(value: string | number): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const text = value.trim();
  if (text === '') return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
}

/**
 * One rule → what the API stores, checked with the pricing package (SPEC §5: percentage 0-100, fixed price and amount
 * ≥ 0 with at most 2 decimals, tier texts). Only the field of the chosen type is read and sent.
 */
export function buildRule(
  form: ServiceRuleForm,
): { ok: true; rule: ServicePricingRule } | { ok: false; errors: string[] } {
  if (form.type === 'none') return { ok: false, errors: [PRICING_MESSAGES.unknownPricingType] };
  let rule: ServicePricingRule;
  switch (form.type) {
    case 'fixed': {
      const cents = usdToCents(form.fixedPrice);
      if (!cents.ok) return { ok: false, errors: [cents.error] };
      rule = { type: 'fixed', fixedPrice: centsToUsd(cents.cents), applyToAllTiers: form.applyToAllTiers };
      break;
    }
    case 'discount_amount': {
      const cents = usdToCents(form.discountAmount, { message: PRICING_MESSAGES.invalidAmount });
      if (!cents.ok) return { ok: false, errors: [cents.error] };
      rule = {
        type: 'discount_amount',
        discountAmount: centsToUsd(cents.cents),
        applyToAllTiers: form.applyToAllTiers,
      };
      break;
    }
    case 'discount_percentage':
      rule = {
        type: 'discount_percentage',
        discountPercentage: parsePercentage(form.discountPercentage),
        applyToAllTiers: form.applyToAllTiers,
      };
      break;
    case 'dynamic': {
      const tiers = checkTierRows(form.tiers);
      if (!tiers.ok) return { ok: false, errors: tiers.issues.map((i) => i.message) };
      rule = { type: 'dynamic', dynamicTiers: tiers.tiers };
      break;
    }
  }
  const problems = validateCustomServicePricing(normalizeCustomServicePricing(rule));
  return problems.length > 0 ? { ok: false, errors: problems } : { ok: true, rule };
}

/**
 * The PATCH body for the whole form, or the problems per service. Every carrier is sent with its switch and its
 * services' rules (rules are kept while a carrier or the whole custom pricing is switched off, so switching back on
 * restores them); services on 'Standard price' are left out.
 */
export function buildPricingRequest(
  form: CustomPricingForm,
): { ok: true; body: UpdateUserPricingRequest } | { ok: false; errors: PricingErrors } {
  const errors: PricingErrors = {};
  const carriers: Partial<Record<Carrier, CarrierCustomPricing>> = {};
  for (const carrier of CARRIERS) {
    const carrierForm = form.carriers[carrier];
    const services: Record<string, ServicePricingRule> = {};
    for (const [name, ruleForm] of Object.entries(carrierForm.services)) {
      if (ruleForm.type === 'none') continue;
      const built = buildRule(ruleForm);
      if (built.ok) services[name] = built.rule;
      else errors[serviceKey(carrier, name)] = built.errors;
    }
    carriers[carrier] = { enabled: carrierForm.enabled, services };
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const parsed = UpdateUserPricingRequest.safeParse({ enabled: form.enabled, carriers });
  if (!parsed.success) {
    return { ok: false, errors: { form: [parsed.error.issues[0]?.message ?? 'Failed to save pricing data'] } };
  }
  return { ok: true, body: parsed.data };
}

export function updateCarrier(
  form: CustomPricingForm,
  carrier: Carrier,
  patch: Partial<CarrierForm>,
): CustomPricingForm {
  return { ...form, carriers: { ...form.carriers, [carrier]: { ...form.carriers[carrier], ...patch } } };
}

export function updateServiceRule(
  form: CustomPricingForm,
  carrier: Carrier,
  serviceName: string,
  patch: Partial<ServiceRuleForm>,
): CustomPricingForm {
  const carrierForm = form.carriers[carrier];
  const current = carrierForm.services[serviceName];
  if (!current) return form;
  return updateCarrier(form, carrier, {
    services: { ...carrierForm.services, [serviceName]: { ...current, ...patch } },
  });
}

/**
 * The custom pricing form's schema: the rules checked as the server checks them (`buildPricingRequest`), out as the
 * contract's PATCH body. A service's problems land on its field (`serviceKey`), one message a line; a problem of the
 * request as a whole on the form's root ('').
 */
export const CustomPricingFormSchema = z
  .custom<CustomPricingForm>()
  .transform((form, ctx): UpdateUserPricingRequest => {
    const built = buildPricingRequest(form);
    if (built.ok) return built.body;
    for (const [key, messages] of Object.entries(built.errors)) {
      // One path segment: Mantine joins segments with '.', and a service's name may itself hold one.
      ctx.addIssue({ code: 'custom', path: key === 'form' ? [] : [key], message: messages.join('\n') });
    }
    return z.NEVER;
  });

/** One service's problems as the form holds them (one a line). */
export function serviceErrors(errors: FormErrors, carrier: Carrier, serviceName: string): string[] {
  const error = errors[serviceKey(carrier, serviceName)];
  return typeof error === 'string' && error !== '' ? error.split('\n') : [];
}
