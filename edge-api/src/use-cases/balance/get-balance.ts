import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import type { Services } from '../../env';
import { ApiError } from '../../errors';

/** The user's current balance in cents (read fresh; the ledger keeps it equal to Σ completed rows). */
export async function getBalance(services: Services, input: { userId: string }): Promise<number> {
  const [row] = await services.db
    .select({ balanceCents: users.balanceCents })
    .from(users)
    .where(eq(users.id, input.userId))
    .limit(1);
  if (!row) throw new ApiError('not_found', 'User not found');
  return row.balanceCents;
}
