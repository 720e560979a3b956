import { and, eq } from 'drizzle-orm';
import { type AddressRow, addresses } from '../../db/schema';
import type { Services } from '../../env';
import { ApiError } from '../../errors';

export const ADDRESS_NOT_FOUND_MESSAGE = 'Address not found';

/** One of the user's own addresses. Another user's address answers 404 exactly like a missing one. */
export async function getOwnAddress(services: Services, input: { userId: string; id: string }): Promise<AddressRow> {
  const [row] = await services.db
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, input.id), eq(addresses.userId, input.userId)))
    .limit(1);
  if (!row) throw new ApiError('not_found', ADDRESS_NOT_FOUND_MESSAGE);
  return row;
}
