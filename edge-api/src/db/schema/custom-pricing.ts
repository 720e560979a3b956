import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { shippingApis } from './shipping-apis';
import { users } from './users';

/**
 * One customer's pricing rules for one API (SPEC §3 custom pricing). `carriers` is JSON of the normalized rules
 * (@labeldesk/pricing `CustomServicePricing`: money in cents, tiers in hundredths), validated with
 * `validateCustomServicePricing` before every write: { UPS?: { enabled, services: { [name]: rule } }, ... }.
 */
export const customPricing = sqliteTable(
  'custom_pricing',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    apiId: text('api_id')
      .notNull()
      .references(() => shippingApis.id, { onDelete: 'cascade' }),
    enabled: integer('enabled', { mode: 'boolean' }).notNull().default(false),
    carriers: text('carriers').notNull().default('{}'),
    updatedBy: text('updated_by'),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('custom_pricing_user_api').on(t.userId, t.apiId),
    index('custom_pricing_api_idx').on(t.apiId),
    check('custom_pricing_carriers_json', sql`json_valid(${t.carriers}) AND json_type(${t.carriers}) = 'object'`),
  ],
);

export type CustomPricingRow = typeof customPricing.$inferSelect;
export type NewCustomPricingRow = typeof customPricing.$inferInsert;
