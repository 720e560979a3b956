import { eq } from 'drizzle-orm';
import { type FaqRow, faqs } from '../../db/schema';
import type { Services } from '../../env';
import { ApiError } from '../../errors';

export const FAQ_NOT_FOUND_MESSAGE = 'FAQ not found';

/** One FAQ, or 404 `not_found`. */
export async function getFaq(services: Services, id: string): Promise<FaqRow> {
  const [row] = await services.db.select().from(faqs).where(eq(faqs.id, id)).limit(1);
  if (!row) throw new ApiError('not_found', FAQ_NOT_FOUND_MESSAGE);
  return row;
}
