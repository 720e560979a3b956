import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/** FAQ entries; `sort_order` runs 1..n without gaps (the use-cases keep it so). */
export const faqs = sqliteTable(
  'faqs',
  {
    id: text('id').primaryKey(),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
    /** JSON array of trimmed, unique tags. */
    tags: text('tags', { mode: 'json' }).$type<string[]>().notNull().default([]),
    sortOrder: integer('sort_order').notNull(),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
  },
  (t) => [index('faqs_sort_order_idx').on(t.sortOrder)],
);

export type FaqRow = typeof faqs.$inferSelect;
export type NewFaqRow = typeof faqs.$inferInsert;
