import { z } from 'zod';
import { CustomPricingType, PricingTier, ServicesByCarrier } from './providers';

/** Per-customer pricing (Admin Customers → Custom pricing): a rule per service, per carrier, per API. */
// Admin: per-customer pricing ---------------------------------------------------------------------------------------

/**
 * SPEC §3 custom pricing of one service. Only the field of `type` is used: fixed → fixedPrice; discount_percentage →
 * discountPercentage (0-100); discount_amount → discountAmount; dynamic → dynamicTiers (service unit). applyToAllTiers:
 * for a service priced by tiers, fixed/percentage/amount apply only when true. Checked server-side with
 * @labeldesk/pricing `validateCustomServicePricing` ('Please enter a valid price', 'Please enter a valid amount',
 * 'Discount percentage must be between 0 and 100', tier texts).
 */
export const ServicePricingRule = z.object({
  type: CustomPricingType,
  fixedPrice: z.number().nullable().optional(),
  discountPercentage: z.number().nullable().optional(),
  discountAmount: z.number().nullable().optional(),
  dynamicTiers: z.array(PricingTier).optional(),
  applyToAllTiers: z.boolean().optional(),
});
export type ServicePricingRule = z.infer<typeof ServicePricingRule>;

export const CarrierCustomPricing = z.object({
  enabled: z.boolean(),
  services: z.record(z.string(), ServicePricingRule),
});
export type CarrierCustomPricing = z.infer<typeof CarrierCustomPricing>;

/** SPEC §3 custom pricing per user per API. `carriers` keys: UPS, USPS, FEDEX (others refused). */
export const CustomPricing = z.object({
  enabled: z.boolean(),
  carriers: z.object({
    UPS: CarrierCustomPricing.optional(),
    USPS: CarrierCustomPricing.optional(),
    FEDEX: CarrierCustomPricing.optional(),
  }),
});
export type CustomPricing = z.infer<typeof CustomPricing>;

/** GET /api/admin/users/{id}/pricing/{apiId}: the user's rules (disabled and empty if none) and the API's services. */
export const UserPricingResponse = z.object({
  customPricing: CustomPricing,
  apiServices: ServicesByCarrier,
});
export type UserPricingResponse = z.infer<typeof UserPricingResponse>;

/** PATCH same path: replaces the user's rules for that API. */
export const UpdateUserPricingRequest = z.object({
  enabled: z.boolean(),
  carriers: z
    .object({
      UPS: CarrierCustomPricing.optional(),
      USPS: CarrierCustomPricing.optional(),
      FEDEX: CarrierCustomPricing.optional(),
    })
    .strict()
    .default({}),
});
export type UpdateUserPricingRequest = z.input<typeof UpdateUserPricingRequest>;
export const UpdateUserPricingResponse = z.object({ customPricing: CustomPricing, message: z.string() });
export type UpdateUserPricingResponse = z.infer<typeof UpdateUserPricingResponse>;
