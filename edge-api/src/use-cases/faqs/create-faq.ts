import { sql } from 'drizzle-orm';
import { type FaqRow, faqs } from '../../db/schema';
import type { Services } from '../../env';
import { newId } from '../../lib/ids';

export interface CreateFaqInput {
  question: string;
  answer: string;
  /** Already trimmed and de-duplicated (contracts `FaqTags`). */
  tags: string[];
}

/** Adds a FAQ at the end: its order is max(order) + 1, computed inside the insert so two creations cannot collide. */
export async function createFaq(services: Services, input: CreateFaqInput): Promise<FaqRow> {
  const now = services.clock.now().toISOString();
  const [row] = await services.db
    .insert(faqs)
    .values({
      id: newId('faq'),
      question: input.question,
      answer: input.answer,
      tags: input.tags,
      sortOrder: sql`(SELECT COALESCE(MAX(${faqs.sortOrder}), 0) + 1 FROM ${faqs})`,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!row) throw new Error('insert into faqs returned no row');
  return row;
}
