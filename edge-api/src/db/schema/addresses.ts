import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './users';

export const ADDRESS_TYPES = ['sender', 'recipient'] as const;
export type AddressTypeValue = (typeof ADDRESS_TYPES)[number];

/** Saved addresses of a user. At most one default per user and type (partial unique index). */
export const addresses = sqliteTable(
  'addresses',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    company: text('company').notNull().default(''),
    street1: text('street1').notNull(),
    street2: text('street2').notNull().default(''),
    city: text('city').notNull(),
    state: text('state').notNull(),
    zip: text('zip').notNull(),
    country: text('country').notNull().default('US'),
    phone: text('phone').notNull(),
    type: text('type', { enum: ADDRESS_TYPES }).notNull(),
    isDefault: integer('is_default', { mode: 'boolean' }).notNull().default(false),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
  },
  (t) => [
    index('addresses_user_type_idx').on(t.userId, t.type),
    uniqueIndex('addresses_one_default_per_type').on(t.userId, t.type).where(sql`${t.isDefault} = 1`),
    check('addresses_type_valid', sql`${t.type} IN ('sender', 'recipient')`),
  ],
);

export type AddressRow = typeof addresses.$inferSelect;
export type NewAddressRow = typeof addresses.$inferInsert;
