import { and, eq, ne } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { addresses } from '../../db/schema';
import { batch, type Db } from '../../ports/database';
import type { AddressFields } from './address-fields';

/**
 * Writes an address (its insert or update statement). A new default clears the previous default of the same type in
 * the same batch, so there is never more than one (the partial unique index would refuse it anyway).
 */
export async function saveAddress(
  db: Db,
  write: BatchItem<'sqlite'>,
  input: { userId: string; id: string; address: AddressFields; now: string },
): Promise<void> {
  if (!input.address.isDefault) {
    await write;
    return;
  }
  const clearOtherDefault = db
    .update(addresses)
    .set({ isDefault: false, updatedAt: input.now })
    .where(
      and(
        eq(addresses.userId, input.userId),
        eq(addresses.type, input.address.type),
        eq(addresses.isDefault, true),
        ne(addresses.id, input.id),
      ),
    );
  await batch(db, [clearOtherDefault, write]);
}
