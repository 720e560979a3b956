import { and, eq, isNotNull, lte, or, sql } from 'drizzle-orm';
import { type ProviderBreakerRow, providerBreakers, shippingApis } from '../../db/schema';
import type { Services } from '../../env';
import { notifyAdmins } from '../notifications/notify-admins';

/**
 * One circuit breaker per provider API (see the provider_breakers schema for the states). The state lives in the
 * database, not in memory, because a Worker isolate shares no memory with the next one (and Node may run several
 * processes): the purchase already reads the database, so the breaker rides along in its first batch at no extra round
 * trip, and every change is one conditional statement, so concurrent purchases cannot double-count or both probe.
 * (A Durable Object would be exact too, but it is Workers-only — Node would need a second implementation — and it
 * would add a request to another object on every purchase.)
 */
export interface BreakerPolicy {
  /** Failures that bought nothing, within `windowMs`, that open the breaker. */
  failures: number;
  windowMs: number;
  /** How long an open breaker skips the API before one probe may go through. */
  cooldownMs: number;
  /** How long one probe holds the half-open state before another purchase may probe instead. */
  probeLeaseMs: number;
}

export const DEFAULT_BREAKER_POLICY: BreakerPolicy = {
  failures: 5,
  windowMs: 60_000,
  cooldownMs: 30_000,
  probeLeaseMs: 30_000,
};

export function breakerPolicy(services: Services): BreakerPolicy {
  return services.config.breaker ?? DEFAULT_BREAKER_POLICY;
}

export type BreakerState = 'closed' | 'open' | 'half_open';

export type BreakerSnapshot = Pick<ProviderBreakerRow, 'failures' | 'openUntil' | 'probeUntil'> | null | undefined;

export function breakerState(row: BreakerSnapshot, now: Date): BreakerState {
  if (!row?.openUntil) return 'closed';
  return now.toISOString() < row.openUntil ? 'open' : 'half_open';
}

/**
 * The open-until of each API's breaker as this process (or isolate) last read it. Only a hint of the order to do things
 * in (planPurchase reads the breaker before it writes when the hint says open); every decision is taken on the row
 * read from the database. Keyed by API id (ids are unique across databases); bounded by the number of APIs.
 */
const openHints = new Map<string, string>();

export function noteBreaker(apiId: string, row: BreakerSnapshot): void {
  if (row?.openUntil) openHints.set(apiId, row.openUntil);
  else openHints.delete(apiId);
}

/** A recent read saw this API's breaker open until after `now`. */
export function likelyOpen(apiId: string, now: Date): boolean {
  const until = openHints.get(apiId);
  return until !== undefined && now.toISOString() < until;
}

/** True when the row holds anything a success must clear. */
export function breakerDirty(row: BreakerSnapshot): boolean {
  return !!row && (row.failures > 0 || row.openUntil !== null);
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Half-open: claims the one probe (a lease). False when another purchase holds it, or the breaker changed meanwhile.
 */
export async function claimProbe(services: Services, apiId: string): Promise<boolean> {
  const now = services.clock.now();
  const nowIso = now.toISOString();
  const policy = breakerPolicy(services);
  const claimed = await services.db
    .update(providerBreakers)
    .set({ probeUntil: iso(now.getTime() + policy.probeLeaseMs), updatedAt: nowIso })
    .where(
      and(
        eq(providerBreakers.apiId, apiId),
        isNotNull(providerBreakers.openUntil),
        lte(providerBreakers.openUntil, nowIso),
        or(sql`${providerBreakers.probeUntil} IS NULL`, lte(providerBreakers.probeUntil, nowIso)),
      ),
    )
    .returning({ apiId: providerBreakers.apiId });
  return claimed.length > 0;
}

/**
 * A purchase on this API failed before anything was bought: counts it in the window and opens the breaker at the
 * threshold; a failed probe (half-open) opens it again for another cooldown. One UPSERT, atomic.
 */
export async function recordBreakerFailure(services: Services, apiId: string, error: string): Promise<void> {
  const nowIso = services.clock.now().toISOString();
  const rows = await breakerFailureUpsert(services, apiId, error, nowIso).all();
  await noteBreakerOpened(services, apiId, rows, nowIso);
}

/** What breakerFailureUpsert answers: enough to tell whether this very statement opened the breaker. */
export type BreakerFailureResult = Array<Pick<ProviderBreakerRow, 'openedAt' | 'openUntil' | 'lastError'>>;

/**
 * After a counted failure: when this statement took the breaker from closed to open (its `opened_at` is this
 * statement's time; a failed probe re-opening it keeps the earlier one), every admin is mailed (issue 23).
 */
export async function noteBreakerOpened(
  services: Services,
  apiId: string,
  rows: BreakerFailureResult,
  nowIso: string,
): Promise<void> {
  const [row] = rows;
  if (!row || row.openedAt !== nowIso || !row.openUntil) return;
  const openUntil = row.openUntil;
  services.log.warn('provider.circuit_opened', { apiId, openUntil });
  const [api] = await services.db
    .select({ name: shippingApis.name })
    .from(shippingApis)
    .where(eq(shippingApis.id, apiId))
    .limit(1)
    .catch(() => []);
  await notifyAdmins(services, 'providerCircuitOpened', (adminId) => ({
    template: 'provider-circuit-opened',
    userId: adminId,
    apiId,
    apiName: api?.name ?? apiId,
    lastError: row.lastError ?? '',
    openUntil,
  }));
}

/**
 * recordBreakerFailure's one statement, for a batch that does more (a failover's bookkeeping, failover-plan.ts). It
 * answers the row as it left it; pass its answer and `nowIso` to noteBreakerOpened.
 */
export function breakerFailureUpsert(services: Services, apiId: string, error: string, nowIso: string) {
  const now = new Date(nowIso);
  const policy = breakerPolicy(services);
  const windowCutoff = iso(now.getTime() - policy.windowMs);
  const reopenAt = iso(now.getTime() + policy.cooldownMs);
  const b = providerBreakers;
  const freshWindow = sql`(${b.windowStartedAt} IS NULL OR ${b.windowStartedAt} < ${windowCutoff})`;
  const counted = sql`(CASE WHEN ${freshWindow} THEN 1 ELSE ${b.failures} + 1 END)`;
  return services.db
    .insert(b)
    .values({
      apiId,
      failures: 1,
      windowStartedAt: nowIso,
      openUntil: policy.failures <= 1 ? reopenAt : null,
      openedAt: policy.failures <= 1 ? nowIso : null,
      probeUntil: null,
      lastError: error.slice(0, 500),
      lastErrorAt: nowIso,
      updatedAt: nowIso,
    })
    .onConflictDoUpdate({
      target: b.apiId,
      set: {
        failures: counted,
        windowStartedAt: sql`CASE WHEN ${freshWindow} THEN ${nowIso} ELSE ${b.windowStartedAt} END`,
        openUntil: sql`CASE
          WHEN ${b.openUntil} IS NOT NULL AND ${b.openUntil} <= ${nowIso} THEN ${reopenAt}
          WHEN ${b.openUntil} IS NOT NULL THEN ${b.openUntil}
          WHEN ${counted} >= ${policy.failures} THEN ${reopenAt}
          ELSE NULL END`,
        openedAt: sql`CASE
          WHEN ${b.openUntil} IS NULL AND ${counted} >= ${policy.failures} THEN ${nowIso}
          ELSE ${b.openedAt} END`,
        probeUntil: null,
        lastError: error.slice(0, 500),
        lastErrorAt: nowIso,
        updatedAt: nowIso,
      },
    })
    .returning({ openedAt: b.openedAt, openUntil: b.openUntil, lastError: b.lastError });
}

/** The API answered (a label, or a definite answer): the breaker closes and its count starts again. */
export async function recordBreakerSuccess(services: Services, apiId: string): Promise<void> {
  await services.db
    .update(providerBreakers)
    .set({
      failures: 0,
      windowStartedAt: null,
      openUntil: null,
      probeUntil: null,
      updatedAt: services.clock.now().toISOString(),
    })
    .where(
      and(
        eq(providerBreakers.apiId, apiId),
        or(sql`${providerBreakers.failures} > 0`, isNotNull(providerBreakers.openUntil)),
      ),
    )
    .run();
}

/**
 * The policy from PROVIDER_BREAKER_FAILURES (1–1000), PROVIDER_BREAKER_WINDOW_SECONDS and
 * PROVIDER_BREAKER_COOLDOWN_SECONDS (1–86400), read the same way by both entries; unset values keep the defaults.
 */
export function breakerPolicyFromEnv(env: Record<string, unknown>): BreakerPolicy {
  const read = (name: string, fallback: number, max: number): number => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < 1 || value > max) {
      throw new Error(`Invalid configuration:\n  ${name}: must be a whole number from 1 to ${max}`);
    }
    return value;
  };
  const d = DEFAULT_BREAKER_POLICY;
  const cooldownMs = read('PROVIDER_BREAKER_COOLDOWN_SECONDS', d.cooldownMs / 1000, 86_400) * 1000;
  return {
    failures: read('PROVIDER_BREAKER_FAILURES', d.failures, 1000),
    windowMs: read('PROVIDER_BREAKER_WINDOW_SECONDS', d.windowMs / 1000, 86_400) * 1000,
    cooldownMs,
    probeLeaseMs: Math.max(cooldownMs, d.probeLeaseMs),
  };
}
