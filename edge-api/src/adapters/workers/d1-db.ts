import { drizzle } from 'drizzle-orm/d1';
import * as schema from '../../db/schema';
import type { Db } from '../../ports/database';

/** The database port on Workers: drizzle over the D1 binding. Multi-statement changes go through `db.batch`. */
export function d1Db(database: D1Database): Db {
  return drizzle(database, { schema });
}
