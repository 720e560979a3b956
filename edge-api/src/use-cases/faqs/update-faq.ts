import { and, eq, gt, gte, lt, lte, ne, sql } from 'drizzle-orm';
import { type FaqRow, faqs } from '../../db/schema';
import type { Services } from '../../env';
import { batch } from '../../ports/database';
import { getFaq } from './get-faq';

export interface UpdateFaqInput {
  question?: string | undefined;
  answer?: string | undefined;
  tags?: string[] | undefined;
  /** Target position (1-based); values past the end move the FAQ to the end. */
  order?: number | undefined;
}

/**
 * Edits a FAQ; with `order`, moves it to that position and shifts the FAQs in between by one, so orders stay 1..n.
 * The shifts and the edit are one batch (atomic on libSQL and D1). 404 for an unknown id.
 */
export async function updateFaq(services: Services, id: string, input: UpdateFaqInput): Promise<FaqRow> {
  const { db, clock } = services;
  await getFaq(services, id);

  const fields = {
    ...(input.question !== undefined ? { question: input.question } : {}),
    ...(input.answer !== undefined ? { answer: input.answer } : {}),
    ...(input.tags !== undefined ? { tags: input.tags } : {}),
    updatedAt: clock.now().toISOString(),
  };

  if (input.order === undefined) {
    await db.update(faqs).set(fields).where(eq(faqs.id, id));
    return getFaq(services, id);
  }

  // The current position and the clamped target are read inside each statement, so the batch stays consistent even
  // if another admin reordered in between.
  const current = sql`(SELECT ${faqs.sortOrder} FROM ${faqs} WHERE ${faqs.id} = ${id})`;
  const target = sql`MIN(${input.order}, (SELECT COUNT(*) FROM ${faqs}))`;
  await batch(db, [
    // Moving up: the FAQs in [target, current) go down one place.
    db
      .update(faqs)
      .set({ sortOrder: sql`${faqs.sortOrder} + 1` })
      .where(and(ne(faqs.id, id), gte(faqs.sortOrder, target), lt(faqs.sortOrder, current))),
    // Moving down: the FAQs in (current, target] go up one place.
    db
      .update(faqs)
      .set({ sortOrder: sql`${faqs.sortOrder} - 1` })
      .where(and(ne(faqs.id, id), gt(faqs.sortOrder, current), lte(faqs.sortOrder, target))),
    db
      .update(faqs)
      .set({ ...fields, sortOrder: target })
      .where(eq(faqs.id, id)),
  ]);
  return getFaq(services, id);
}
