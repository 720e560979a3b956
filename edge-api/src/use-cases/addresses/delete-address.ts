import { and, eq } from 'drizzle-orm';
import { addresses } from '../../db/schema';
import type { Services } from '../../env';
import { getOwnAddress } from './get-own-address';

/** Deletes one of the user's addresses (404 for anyone else's). */
export async function deleteAddress(services: Services, input: { userId: string; id: string }): Promise<void> {
  await getOwnAddress(services, input);
  await services.db.delete(addresses).where(and(eq(addresses.id, input.id), eq(addresses.userId, input.userId)));
}
