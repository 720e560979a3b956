import { eq, sql } from 'drizzle-orm';
import { type User, users } from '../../db/schema';
import type { Services } from '../../env';
import type { Db } from '../../ports/database';

/** Every authenticated request reads its user: the query is prepared once per database, not built per request. */
function userById(db: Db) {
  return db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .limit(1)
    .prepare();
}

const prepared = new WeakMap<Db, ReturnType<typeof userById>>();

export async function getUserById(services: Services, id: string): Promise<User | undefined> {
  let query = prepared.get(services.db);
  if (!query) {
    query = userById(services.db);
    prepared.set(services.db, query);
  }
  const [user] = await query.all({ id });
  return user;
}
