import { eq, gt, sql } from 'drizzle-orm';
import { faqs } from '../../db/schema';
import type { Services } from '../../env';
import { batch } from '../../ports/database';
import { getFaq } from './get-faq';

/** Deletes a FAQ and closes the gap in the order (one batch). 404 for an unknown id. */
export async function deleteFaq(services: Services, id: string): Promise<void> {
  const { db } = services;
  await getFaq(services, id);
  await batch(db, [
    db
      .update(faqs)
      .set({ sortOrder: sql`${faqs.sortOrder} - 1` })
      .where(gt(faqs.sortOrder, sql`(SELECT ${faqs.sortOrder} FROM ${faqs} WHERE ${faqs.id} = ${id})`)),
    db.delete(faqs).where(eq(faqs.id, id)),
  ]);
}
