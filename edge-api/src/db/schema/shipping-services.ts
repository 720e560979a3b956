import { sql } from 'drizzle-orm';
import { check, index, integer, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { shippingApis } from './shipping-apis';

export const SERVICE_CARRIERS = ['UPS', 'USPS', 'FEDEX'] as const;
export const RELIABILITY_STATUSES = ['testing', 'unreliable', 'reliable'] as const;
export const SERVICE_WEIGHT_UNITS = ['lbs', 'oz'] as const;

/**
 * The services we sell through one provider (SPEC §3 Service), keyed by carrier then name. Money is integer cents;
 * `pricing_tiers` is JSON of @labeldesk/pricing `Tier`s (integer hundredths of the service unit and cents), validated
 * with `validateTiers` before every write. `max_weight` and tiers are in `weight_unit` (oz when the name says oz).
 */
export const shippingServices = sqliteTable(
  'shipping_services',
  {
    id: text('id').primaryKey(),
    apiId: text('api_id')
      .notNull()
      .references(() => shippingApis.id, { onDelete: 'cascade' }),
    carrier: text('carrier', { enum: SERVICE_CARRIERS }).notNull(),
    name: text('name').notNull(),
    serviceCode: text('service_code').notNull(),
    enabled: integer('enabled', { mode: 'boolean' }).notNull().default(true),
    basePriceCents: integer('base_price_cents').notNull(),
    reliabilityStatus: text('reliability_status', { enum: RELIABILITY_STATUSES }).notNull().default('testing'),
    /** The provider lists it as active. */
    active: integer('active', { mode: 'boolean' }).notNull().default(true),
    maxWeight: real('max_weight'),
    weightUnit: text('weight_unit', { enum: SERVICE_WEIGHT_UNITS }).notNull(),
    hasDynamicPricing: integer('has_dynamic_pricing', { mode: 'boolean' }).notNull().default(false),
    pricingTiers: text('pricing_tiers').notNull().default('[]'),
    /** Days from the carrier's first scan to delivery, as the provider lists them (null: unknown). */
    transitMinDays: integer('transit_min_days'),
    transitMaxDays: integer('transit_max_days'),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('shipping_services_api_carrier_name').on(t.apiId, t.carrier, t.name),
    uniqueIndex('shipping_services_api_code').on(t.apiId, t.serviceCode),
    index('shipping_services_api_idx').on(t.apiId),
    check('shipping_services_carrier_valid', sql`${t.carrier} IN ('UPS', 'USPS', 'FEDEX')`),
    check('shipping_services_reliability_valid', sql`${t.reliabilityStatus} IN ('testing', 'unreliable', 'reliable')`),
    check('shipping_services_weight_unit_valid', sql`${t.weightUnit} IN ('lbs', 'oz')`),
    check('shipping_services_base_price_non_negative', sql`${t.basePriceCents} >= 0`),
    check('shipping_services_max_weight_positive', sql`${t.maxWeight} IS NULL OR ${t.maxWeight} > 0`),
    check(
      'shipping_services_tiers_json',
      sql`json_valid(${t.pricingTiers}) AND json_type(${t.pricingTiers}) = 'array'`,
    ),
  ],
);

export type ShippingServiceRow = typeof shippingServices.$inferSelect;
export type NewShippingServiceRow = typeof shippingServices.$inferInsert;
