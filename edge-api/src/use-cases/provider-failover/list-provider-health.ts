import type { ProviderHealthResponse } from '@labeldesk/contracts';
import { and, asc, count, eq, gte, inArray } from 'drizzle-orm';
import { orderAttempts, providerBreakers, shippingApis } from '../../db/schema';
import type { Services } from '../../env';
import { breakerState } from './circuit-breaker';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * GET /api/admin/config/apis/health: each API's circuit breaker (closed / open / half-open, the last error) and how
 * many purchases left it for another API in the last 24 hours (attempts `failed_over` or `skipped` there).
 */
export async function listProviderHealth(services: Services): Promise<ProviderHealthResponse> {
  const now = services.clock.now();
  const since = new Date(now.getTime() - DAY_MS).toISOString();
  const [apis, failovers] = await Promise.all([
    services.db
      .select({
        id: shippingApis.id,
        name: shippingApis.name,
        failures: providerBreakers.failures,
        openUntil: providerBreakers.openUntil,
        probeUntil: providerBreakers.probeUntil,
        lastError: providerBreakers.lastError,
        lastErrorAt: providerBreakers.lastErrorAt,
      })
      .from(shippingApis)
      .leftJoin(providerBreakers, eq(providerBreakers.apiId, shippingApis.id))
      .orderBy(asc(shippingApis.priority), asc(shippingApis.createdAt), asc(shippingApis.id)),
    services.db
      .select({ apiId: orderAttempts.apiId, n: count() })
      .from(orderAttempts)
      .where(and(gte(orderAttempts.createdAt, since), inArray(orderAttempts.outcome, ['failed_over', 'skipped'])))
      .groupBy(orderAttempts.apiId),
  ]);
  const byApi = new Map(failovers.map((f) => [f.apiId, f.n]));
  return {
    apis: apis.map((a) => {
      const breaker =
        a.failures === null ? null : { failures: a.failures, openUntil: a.openUntil, probeUntil: a.probeUntil };
      return {
        apiId: a.id,
        apiName: a.name,
        state: breakerState(breaker, now),
        failures: a.failures ?? 0,
        openUntil: a.openUntil,
        lastError: a.lastError,
        lastErrorAt: a.lastErrorAt,
        failovers24h: byApi.get(a.id) ?? 0,
      };
    }),
  };
}
