import { and, asc, desc, eq } from 'drizzle-orm';
import { type AddressRow, type AddressTypeValue, addresses } from '../../db/schema';
import type { Services } from '../../env';

/** The user's own addresses (optionally one type), defaults first, then oldest first. */
export async function listAddresses(
  services: Services,
  input: { userId: string; type?: AddressTypeValue },
): Promise<AddressRow[]> {
  const where = input.type
    ? and(eq(addresses.userId, input.userId), eq(addresses.type, input.type))
    : eq(addresses.userId, input.userId);
  return services.db
    .select()
    .from(addresses)
    .where(where)
    .orderBy(desc(addresses.isDefault), asc(addresses.createdAt), asc(addresses.id));
}
