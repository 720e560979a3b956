import { z } from 'zod';
import { requiredText } from './common';

/**
 * Supply side (issue 4): upstream label providers ("shipping APIs"), their services, our prices, per-customer pricing.
 *
 * Notes on what is not obvious:
 * - Money is decimal USD on the wire (2 decimals), integer cents in the database. Weights of a service (maxWeight,
 *   tiers) are in the service's unit: 'oz' when its name says oz (e.g. 'USPS Ground Advantage 15 oz'), else 'lbs'.
 *   Every service object carries `weightUnit` so screens need not re-derive it.
 * - Provider API keys are NEVER sent back: every `key` in a response is masked ('••••abcd', the last 4 characters).
 *   The service report calls send `apis[{ id, baseUrl, key, name }]` as the SPEC says, but the server reads the stored
 *   key and base URL by `id` and ignores the others (a key in the body is never trusted).
 * - `services` of a config are keyed by carrier (UPS, USPS, FEDEX — always all three keys) then by service name.
 * - Carrier path segments accept any case ('FedEx' = 'FEDEX'); service names in paths are URL-encoded
 *   (`encodeURIComponent`).
 * - Our price vs the provider's (Service Pricing tab): `GET /api/admin/config/apis/{id}/provider-prices` asks the
 *   provider live for its tier prices (any provider speaking the sandbox-carrier protocol, not only two base URLs).
 *   A service missing from the answer → 'Provider price not available'; more than one tier → 'Dynamic Pricing'.
 * - Service report answers are keyed by API id; one API failing gives `{ error }` for that API only (HTTP 200).
 * - Customer prices (/api/shipping/all-services) are what THIS customer pays for the service's smallest weight step
 *   (the first tier's start, at least 0.01; 0.01 without tiers) after their custom pricing; null when no price applies.
 */

export const CARRIERS = ['UPS', 'USPS', 'FEDEX'] as const;
export const Carrier = z.enum(CARRIERS);
export type Carrier = z.infer<typeof Carrier>;

/** Path segment or body field: 'ups', 'FedEx' → 'UPS', 'FEDEX'. */
export const CarrierInput = z
  .string()
  .trim()
  .transform((v) => v.toUpperCase())
  .pipe(z.enum(CARRIERS, { error: 'Carrier must be UPS, USPS or FEDEX' }));

export const RELIABILITY_STATUSES = ['testing', 'unreliable', 'reliable'] as const;
export const ReliabilityStatus = z.enum(RELIABILITY_STATUSES);
export type ReliabilityStatus = z.infer<typeof ReliabilityStatus>;

export const WeightUnit = z.enum(['lbs', 'oz']);
export type WeightUnit = z.infer<typeof WeightUnit>;

export const CUSTOM_PRICING_TYPES = ['fixed', 'discount_percentage', 'discount_amount', 'dynamic'] as const;
export const CustomPricingType = z.enum(CUSTOM_PRICING_TYPES);
export type CustomPricingType = z.infer<typeof CustomPricingType>;

/** SPEC §5 texts. */
export const PROVIDER_MESSAGES = {
  fillAllApiFields: 'Please fill in all API fields',
  apiKeyEmpty: 'API key cannot be empty',
  invalidPrice: 'Please enter a valid price',
  noServicesSelected: 'No services selected',
  atLeastOneTier: 'At least one tier must remain',
} as const;

/** A USD price as the API speaks it: a number ≥ 0 with at most 2 decimals ('Please enter a valid price'). */
export const UsdPrice = z
  .number({ error: PROVIDER_MESSAGES.invalidPrice })
  .refine((v) => Number.isFinite(v) && v >= 0 && v <= 100_000, PROVIDER_MESSAGES.invalidPrice)
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, PROVIDER_MESSAGES.invalidPrice);

/** SPEC §3 tier: start, end (in the service's unit, both inclusive), price (USD). */
export const PricingTier = z.object({ start: z.number(), end: z.number(), price: z.number() });
export type PricingTier = z.infer<typeof PricingTier>;

// Admin: shipping API configs ---------------------------------------------------------------------------------------

/**
 * The protocol a provider API speaks: `generic` (the SPEC's own, the default), or one of the multi-carrier label APIs a
 * reseller can open an account with (EasyPost, Shippo).
 */
export const PROVIDER_KINDS = ['generic', 'easypost', 'shippo'] as const;
export const ProviderKind = z.enum(PROVIDER_KINDS);
export type ProviderKind = z.infer<typeof ProviderKind>;

/** The kinds an admin can add today (an adapter exists for each). */
export const ADDABLE_PROVIDER_KINDS = ['generic', 'easypost', 'shippo'] as const satisfies readonly ProviderKind[];
export type AddableProviderKind = (typeof ADDABLE_PROVIDER_KINDS)[number];

/** What Add New API pre-fills per kind: the provider's official base URL (generic has none) and its label. */
export const PROVIDER_KIND_INFO: Record<ProviderKind, { label: string; officialBaseUrl: string | null }> = {
  generic: { label: 'Generic (LabelDesk protocol)', officialBaseUrl: null },
  easypost: { label: 'EasyPost', officialBaseUrl: 'https://api.easypost.com' },
  shippo: { label: 'Shippo', officialBaseUrl: 'https://api.goshippo.com' },
};

/** SPEC §3 Service (of one config), as admins see it. */
export const Service = z.object({
  /** Row id (stable across renames). */
  id: z.string(),
  name: z.string(),
  carrier: Carrier,
  enabled: z.boolean(),
  /** Our base price, USD. */
  basePrice: z.number(),
  reliabilityStatus: ReliabilityStatus,
  serviceCode: z.string(),
  /** The provider lists it as active (inactive services cannot be bought). */
  active: z.boolean(),
  /** In `weightUnit`; null = no limit. */
  maxWeight: z.number().nullable(),
  weightUnit: WeightUnit,
  hasDynamicPricing: z.boolean(),
  /** Our tiers (start, end in `weightUnit`; price USD); used when hasDynamicPricing. */
  pricingTiers: z.array(PricingTier),
});
export type Service = z.infer<typeof Service>;

/** Services keyed by carrier (all three keys present) then by service name (SPEC §3). */
export const ServicesByCarrier = z.object({
  UPS: z.record(z.string(), Service),
  USPS: z.record(z.string(), Service),
  FEDEX: z.record(z.string(), Service),
});
export type ServicesByCarrier = z.infer<typeof ServicesByCarrier>;

/** SPEC §3 Shipping API config. `key` is always masked ('••••abcd'). */
export const ShippingApiConfig = z.object({
  _id: z.string(),
  name: z.string(),
  key: z.string(),
  baseUrl: z.string(),
  /** The protocol it speaks (absent from servers before provider kinds: generic). */
  kind: ProviderKind.default('generic'),
  isDefault: z.boolean(),
  enabled: z.boolean(),
  /** Failover order: lowest first (ties: the oldest API first). */
  priority: z.number().int(),
  /** "Allow as failover target": purchases chosen on another API may be bought through this one. */
  failoverTarget: z.boolean(),
  services: ServicesByCarrier,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ShippingApiConfig = z.infer<typeof ShippingApiConfig>;

export const ApiConfigListResponse = z.object({ apis: z.array(ShippingApiConfig) });
export type ApiConfigListResponse = z.infer<typeof ApiConfigListResponse>;
export const ApiConfigResponse = z.object({ api: ShippingApiConfig, message: z.string() });
export type ApiConfigResponse = z.infer<typeof ApiConfigResponse>;

const apiField = (max: number) => requiredText(PROVIDER_MESSAGES.fillAllApiFields, max);

/**
 * POST /api/admin/config/apis. The first config ever added becomes the default whatever `isDefault` says. The base URL
 * must be https (http and private addresses only where the deployment allows them) and is checked server-side.
 */
export const CreateApiConfigRequest = z.object({
  name: apiField(100),
  key: apiField(500),
  baseUrl: apiField(500),
  isDefault: z.boolean().default(false),
  /** Default generic. An EasyPost or Shippo base URL must be the provider's official host (or our sandbox of it). */
  kind: z.enum(ADDABLE_PROVIDER_KINDS).default('generic'),
  priority: z.number().int().min(0).max(10_000).optional(),
  failoverTarget: z.boolean().optional(),
});
export type CreateApiConfigRequest = z.input<typeof CreateApiConfigRequest>;

export const FAILOVER_MESSAGES = {
  priorityRange: 'Priority must be a whole number from 0 to 10000',
  nothingToChange: 'Send priority or failoverTarget',
  updated: 'Failover settings updated successfully',
} as const;

/** PATCH /api/admin/config/apis/{id}/failover: the API's place in the failover order and whether it takes failovers. */
export const UpdateFailoverSettingsRequest = z
  .object({
    priority: z
      .number({ error: FAILOVER_MESSAGES.priorityRange })
      .int(FAILOVER_MESSAGES.priorityRange)
      .min(0, FAILOVER_MESSAGES.priorityRange)
      .max(10_000, FAILOVER_MESSAGES.priorityRange)
      .optional(),
    failoverTarget: z.boolean().optional(),
  })
  .refine((v) => v.priority !== undefined || v.failoverTarget !== undefined, {
    message: FAILOVER_MESSAGES.nothingToChange,
  });
export type UpdateFailoverSettingsRequest = z.input<typeof UpdateFailoverSettingsRequest>;

/** One API's circuit breaker and failovers, for Service Status (GET /api/admin/config/apis/health). */
export const ProviderHealth = z.object({
  apiId: z.string(),
  apiName: z.string(),
  /** closed: purchases go to it; open: skipped until `openUntil`; half_open: one probe purchase may try it. */
  state: z.enum(['closed', 'open', 'half_open']),
  /** Purchase failures that bought nothing in the current window. */
  failures: z.number().int(),
  openUntil: z.string().nullable(),
  lastError: z.string().nullable(),
  lastErrorAt: z.string().nullable(),
  /** Purchases moved off this API to another in the last 24 hours. */
  failovers24h: z.number().int(),
});
export type ProviderHealth = z.infer<typeof ProviderHealth>;
export const ProviderHealthResponse = z.object({ apis: z.array(ProviderHealth) });
export type ProviderHealthResponse = z.infer<typeof ProviderHealthResponse>;

/** PUT /api/admin/config/apis/{id}: replaces the key ('API key cannot be empty'); `enabled` optional. */
export const UpdateApiKeyRequest = z.object({
  key: z
    .string({ error: PROVIDER_MESSAGES.apiKeyEmpty })
    .trim()
    .min(1, PROVIDER_MESSAGES.apiKeyEmpty)
    .max(500, 'API key is too long'),
  enabled: z.boolean().optional(),
});
export type UpdateApiKeyRequest = z.input<typeof UpdateApiKeyRequest>;

export const DeleteApiConfigResponse = z.object({
  message: z.string(),
  /** The default after the deletion (another config is promoted when the default was deleted); null if none left. */
  defaultApiId: z.string().nullable(),
});
export type DeleteApiConfigResponse = z.infer<typeof DeleteApiConfigResponse>;

// Admin: per-service settings ---------------------------------------------------------------------------------------

/** PATCH /api/admin/config/pricing/{apiId}/{carrier}/{service}. */
export const UpdateServicePricingRequest = z.object({
  basePrice: UsdPrice,
  enabled: z.boolean().optional(),
});
export type UpdateServicePricingRequest = z.input<typeof UpdateServicePricingRequest>;

/** PATCH /api/admin/config/service-reliability/{apiId}/{carrier}/{serviceName} (enabled services only). */
export const UpdateReliabilityRequest = z.object({
  reliabilityStatus: z.enum(RELIABILITY_STATUSES, {
    error: 'Reliability status must be reliable, testing or unreliable',
  }),
});
export type UpdateReliabilityRequest = z.input<typeof UpdateReliabilityRequest>;

export const ServiceResponse = z.object({ service: Service, message: z.string() });
export type ServiceResponse = z.infer<typeof ServiceResponse>;

/** GET /api/admin/config/dynamic-pricing/{apiId}/{carrier}/{service}. */
export const DynamicPricingResponse = z.object({
  serviceName: z.string(),
  hasDynamicPricing: z.boolean(),
  basePrice: z.number(),
  weightUnit: WeightUnit,
  maxWeight: z.number().nullable(),
  pricingTiers: z.array(PricingTier),
});
export type DynamicPricingResponse = z.infer<typeof DynamicPricingResponse>;

/**
 * PATCH same path. Tier texts (SPEC §5, checked server-side with @labeldesk/pricing `validateTiers`): 'Tier N: Start
 * weight must be less than end weight', 'Tier N: Values cannot be negative', 'Tier N overlaps with Tier M'; an empty
 * list: 'At least one tier must remain'. `hasDynamicPricing` optional (default: turned on).
 */
export const UpdateDynamicPricingRequest = z.object({
  pricingTiers: z
    .array(PricingTier, { error: PROVIDER_MESSAGES.atLeastOneTier })
    .min(1, PROVIDER_MESSAGES.atLeastOneTier)
    .max(100, 'At most 100 tiers'),
  hasDynamicPricing: z.boolean().optional(),
});
export type UpdateDynamicPricingRequest = z.input<typeof UpdateDynamicPricingRequest>;

// Admin: provider price comparison ----------------------------------------------------------------------------------

/** A tier of the provider's own price list (weights in the service's unit, price USD, `fromWeight < w <= toWeight`). */
export const ProviderPrice = z.object({ price: z.number(), fromWeight: z.number(), toWeight: z.number() });
export type ProviderPrice = z.infer<typeof ProviderPrice>;

export const ProviderServicePrices = z.object({
  name: z.string(),
  serviceCode: z.string(),
  active: z.boolean(),
  maxWeight: z.number().nullable(),
  weightUnit: WeightUnit,
  prices: z.array(ProviderPrice),
  /** More than one tier ('Dynamic Pricing' on the screen). */
  hasMultipleTiers: z.boolean(),
});
export type ProviderServicePrices = z.infer<typeof ProviderServicePrices>;

/** GET /api/admin/config/apis/{id}/provider-prices: live from the provider, keyed by carrier then service name. */
export const ProviderPricesResponse = z.object({
  apiId: z.string(),
  carriers: z.object({
    UPS: z.record(z.string(), ProviderServicePrices),
    USPS: z.record(z.string(), ProviderServicePrices),
    FEDEX: z.record(z.string(), ProviderServicePrices),
  }),
});
export type ProviderPricesResponse = z.infer<typeof ProviderPricesResponse>;

// Customer: shipping ------------------------------------------------------------------------------------------------

/** An API as customers see it (no key, no base URL). */
export const CustomerApi = z.object({ _id: z.string(), name: z.string(), isDefault: z.boolean() });
export type CustomerApi = z.infer<typeof CustomerApi>;

/** GET /api/shipping/apis: enabled APIs, the default first. */
export const CustomerApiListResponse = z.object({ apis: z.array(CustomerApi) });
export type CustomerApiListResponse = z.infer<typeof CustomerApiListResponse>;
/** GET /api/shipping/default-api: null when no API is configured. */
export const DefaultApiResponse = z.object({ api: CustomerApi.nullable() });
export type DefaultApiResponse = z.infer<typeof DefaultApiResponse>;

/** An enabled service with the price THIS customer pays (see the note at the top); SPEC §7 names. */
export const CustomerService = z.object({
  id: z.string(),
  name: z.string(),
  code: z.string(),
  carrier: Carrier,
  /** USD for the smallest weight step; null when no price applies (e.g. no tier at that weight). */
  price: z.number().nullable(),
  reliabilityStatus: ReliabilityStatus,
  active: z.boolean(),
  maxWeight: z.number().nullable(),
  weightUnit: WeightUnit,
  hasDynamicPricing: z.boolean(),
});
export type CustomerService = z.infer<typeof CustomerService>;

/** GET /api/shipping/all-services?apiId= (default API without apiId): enabled services per carrier. */
export const AllServicesResponse = z.object({
  apiId: z.string(),
  apiName: z.string(),
  UPS: z.array(CustomerService),
  USPS: z.array(CustomerService),
  FEDEX: z.array(CustomerService),
});
export type AllServicesResponse = z.infer<typeof AllServicesResponse>;

export const ReliabilityService = z.object({
  name: z.string(),
  serviceCode: z.string(),
  carrier: Carrier,
  reliabilityStatus: ReliabilityStatus,
  active: z.boolean(),
});
export type ReliabilityService = z.infer<typeof ReliabilityService>;

/**
 * GET /api/shipping/services/reliability: SPEC §7 "array of APIs with services" — every enabled API with its enabled
 * services' reliability, by carrier.
 */
export const ServiceReliabilityResponse = z.array(
  CustomerApi.extend({
    services: z.object({
      UPS: z.array(ReliabilityService),
      USPS: z.array(ReliabilityService),
      FEDEX: z.array(ReliabilityService),
    }),
  }),
);
export type ServiceReliabilityResponse = z.infer<typeof ServiceReliabilityResponse>;
