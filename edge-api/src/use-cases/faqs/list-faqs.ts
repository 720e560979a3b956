import { asc } from 'drizzle-orm';
import { type FaqRow, faqs } from '../../db/schema';
import type { Services } from '../../env';

/** All FAQs by their order (1..n). */
export async function listFaqs(services: Services): Promise<FaqRow[]> {
  return services.db.select().from(faqs).orderBy(asc(faqs.sortOrder), asc(faqs.id));
}
