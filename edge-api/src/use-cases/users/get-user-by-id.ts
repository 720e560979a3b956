import { eq, sql } from 'drizzle-orm';
import { type User, users } from '../../db/schema';
import type { Services } from '../../env';
import { perDatabase } from '../../ports/database';

/** Prepared once per database, not built per call. */
const userById = perDatabase((db) =>
  db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare(),
);

export async function getUserById(services: Services, id: string): Promise<User | undefined> {
  const [user] = await userById(services.db).all({ id });
  return user;
}
