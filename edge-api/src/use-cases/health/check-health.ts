import type { HealthResponse } from '@labeldesk/contracts';
import { sql } from 'drizzle-orm';
import type { Services } from '../../env';
import { ApiError } from '../../errors';

/** Liveness plus a `select 1` round trip to the database. */
export async function checkHealth(services: Services): Promise<HealthResponse> {
  try {
    const row = await services.db.get<{ ok: number }>(sql`select 1 as ok`);
    if (Number(row?.ok) !== 1) throw new Error(`unexpected select 1 answer: ${JSON.stringify(row)}`);
  } catch (cause) {
    throw new ApiError('upstream_unavailable', 'Database unavailable', {
      cause,
      logMessage: `health check failed: ${cause instanceof Error ? cause.message : String(cause)}`,
    });
  }
  return { status: 'ok', runtime: services.config.runtime, database: 'ok', time: services.clock.now().toISOString() };
}
