import type { CustomPricing, PricingTier, ServicePricingRule } from '@labeldesk/contracts';
import {
  type CustomServicePricing,
  centsToUsd,
  normalizeCustomServicePricing,
  normalizeTiers,
  PRICING_MESSAGES,
  PricingError,
  type Tier,
  tiersToDto,
  validateCustomServicePricing,
  validateTiers,
} from '@labeldesk/pricing';
import { z } from 'zod';
import { ApiError } from '../errors';

/**
 * Pricing data as the database keeps it (integers: cents, hundredths of the service unit) ⇄ what the API speaks
 * (decimal USD and weights). All checks are @labeldesk/pricing's, so the API and the screens agree.
 */

const StoredTier = z.object({
  startHundredths: z.number().int(),
  endHundredths: z.number().int(),
  priceCents: z.number().int(),
});
const StoredTiers = z.array(StoredTier);

/** Tiers from a `pricing_tiers` / `dynamicTiers` column; unreadable data reads as no tiers. */
export function readStoredTiers(json: string | unknown): Tier[] {
  let raw: unknown = json;
  if (typeof json === 'string') {
    try {
      raw = JSON.parse(json);
    } catch {
      return [];
    }
  }
  const parsed = StoredTiers.safeParse(raw);
  return parsed.success ? parsed.data : [];
}

export function tiersFromDto(dto: readonly PricingTier[], path: string): Tier[] {
  try {
    return normalizeTiers(dto);
  } catch (err) {
    if (err instanceof PricingError) {
      throw new ApiError('invalid_input', err.message, { details: [{ path, message: err.message }] });
    }
    throw err;
  }
}

/** SPEC §5 tier rules via `validateTiers`: the first problem is the message, all are details. */
export function assertValidTiers(tiers: readonly Tier[], path: string): void {
  const issues = validateTiers(tiers);
  const first = issues[0];
  if (first) {
    throw new ApiError('invalid_input', first.message, {
      details: issues.map((issue) => ({ path, message: issue.message })),
    });
  }
}

// ---- Custom pricing -------------------------------------------------------------------------------------------------

const StoredRule = z.object({
  type: z.enum(['fixed', 'discount_percentage', 'discount_amount', 'dynamic']),
  fixedPriceCents: z.number().int().nullable().optional(),
  discountPercentage: z.number().nullable().optional(),
  discountAmountCents: z.number().int().nullable().optional(),
  dynamicTiers: StoredTiers.optional(),
  applyToAllTiers: z.boolean().optional(),
});
const StoredCarrier = z.object({ enabled: z.boolean(), services: z.record(z.string(), StoredRule) });
const StoredCarriers = z.object({
  UPS: StoredCarrier.optional(),
  USPS: StoredCarrier.optional(),
  FEDEX: StoredCarrier.optional(),
});
export type StoredCarriers = z.infer<typeof StoredCarriers>;

/** What pricing's `selectCustomServicePricing` reads: { enabled, carriers: { UPS: { enabled, services } } }. */
export interface StoredCustomPricing {
  enabled: boolean;
  carriers: StoredCarriers;
}

export function readStoredCarriers(json: string): StoredCarriers {
  try {
    const parsed = StoredCarriers.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

const CARRIER_KEYS = ['UPS', 'USPS', 'FEDEX'] as const;

/** At most 2 decimals (what a price input allows). */
export const isWholeCents = (usd: number): boolean =>
  Number.isFinite(usd) && Math.abs(Math.round(usd * 100) - usd * 100) < 1e-6;

function ruleToDto(rule: CustomServicePricing): ServicePricingRule {
  return {
    type: rule.type,
    fixedPrice: typeof rule.fixedPriceCents === 'number' ? centsToUsd(rule.fixedPriceCents) : null,
    discountPercentage: rule.discountPercentage ?? null,
    discountAmount: typeof rule.discountAmountCents === 'number' ? centsToUsd(rule.discountAmountCents) : null,
    dynamicTiers: tiersToDto(rule.dynamicTiers ?? []),
    applyToAllTiers: rule.applyToAllTiers === true,
  };
}

/** Stored rules → the SPEC §3 shape (decimal USD). */
export function customPricingToDto(stored: StoredCustomPricing): CustomPricing {
  const carriers: CustomPricing['carriers'] = {};
  for (const carrier of CARRIER_KEYS) {
    const entry = stored.carriers[carrier];
    if (!entry) continue;
    const services: Record<string, ServicePricingRule> = {};
    for (const [name, rule] of Object.entries(entry.services)) services[name] = ruleToDto(rule);
    carriers[carrier] = { enabled: entry.enabled, services };
  }
  return { enabled: stored.enabled, carriers };
}

/**
 * The SPEC §3 shape → stored rules, each checked with `validateCustomServicePricing` (SPEC §5: percentage 0-100; fixed
 * price, amount and weights ≥ 0; tier rules). The first problem is the message; details name the service.
 */
export function customPricingFromDto(dto: CustomPricing): StoredCarriers {
  const out: StoredCarriers = {};
  const problems: Array<{ path: string; message: string }> = [];
  for (const carrier of CARRIER_KEYS) {
    const entry = dto.carriers[carrier];
    if (!entry) continue;
    const services: Record<string, z.infer<typeof StoredRule>> = {};
    for (const [name, raw] of Object.entries(entry.services)) {
      const path = `carriers.${carrier}.services.${name}`;
      let rule: CustomServicePricing;
      try {
        rule = normalizeCustomServicePricing(raw);
      } catch (err) {
        if (err instanceof PricingError) {
          problems.push({ path, message: err.message });
          continue;
        }
        throw err;
      }
      for (const message of validateCustomServicePricing(rule)) problems.push({ path, message });
      // normalizeCustomServicePricing rounds money to the cent; a typed 9.999 is refused rather than rounded.
      const amount =
        rule.type === 'fixed' ? raw.fixedPrice : rule.type === 'discount_amount' ? raw.discountAmount : null;
      if (typeof amount === 'number' && !isWholeCents(amount)) {
        problems.push({
          path,
          message: rule.type === 'fixed' ? PRICING_MESSAGES.invalidPrice : PRICING_MESSAGES.invalidAmount,
        });
      }
      services[name] = {
        type: rule.type,
        fixedPriceCents: rule.fixedPriceCents ?? null,
        discountPercentage: rule.discountPercentage ?? null,
        discountAmountCents: rule.discountAmountCents ?? null,
        dynamicTiers: [...(rule.dynamicTiers ?? [])],
        applyToAllTiers: rule.applyToAllTiers === true,
      };
    }
    out[carrier] = { enabled: entry.enabled, services };
  }
  const first = problems[0];
  if (first) throw new ApiError('invalid_input', first.message, { details: problems });
  return out;
}
