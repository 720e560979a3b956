import { eq, sql } from 'drizzle-orm';
import { type User, users } from '../../db/schema';
import type { Services } from '../../env';
import { perDatabase } from '../../ports/database';

/** Every authenticated request reads its user: the query is prepared once per database, not built per request. */
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
