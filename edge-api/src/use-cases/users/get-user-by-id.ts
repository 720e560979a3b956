import { eq } from 'drizzle-orm';
import { type User, users } from '../../db/schema';
import type { Services } from '../../env';

export async function getUserById(services: Services, id: string): Promise<User | undefined> {
  const [user] = await services.db.select().from(users).where(eq(users.id, id)).limit(1);
  return user;
}
