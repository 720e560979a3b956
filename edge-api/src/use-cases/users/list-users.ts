import { desc } from 'drizzle-orm';
import { type User, users } from '../../db/schema';
import type { Services } from '../../env';

/** Every account, newest first (admin customers screen). */
export async function listUsers(services: Services): Promise<User[]> {
  return services.db.select().from(users).orderBy(desc(users.createdAt), desc(users.id));
}
