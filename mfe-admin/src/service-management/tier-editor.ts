import { type PricingTier, UpdateDynamicPricingRequest } from '@labeldesk/contracts';
import {
  defaultAdminTiers,
  defaultTier,
  nextTier,
  normalizeTiers,
  PRICING_MESSAGES,
  roundUsdToCents,
  type Tier,
  tierNotNumberMessage,
  tiersToDto,
  validateTiers,
} from '@labeldesk/pricing';
import type { FormErrors } from '@labeldesk/ui';
import { z } from 'zod';

/** One editable tier row: what the number inputs hold ('' while empty), plus a stable key for React. */
export interface TierRow {
  key: number;
  start: string | number;
  end: string | number;
  price: string | number;
}

/** A problem of the list, on the 1-based row it belongs to (0 = the list as a whole, e.g. no tier left). */
export interface TierRowIssue {
  tier: number;
  message: string;
}

function toRows(tiers: readonly PricingTier[], firstKey = 1): TierRow[] {
  return tiers.map((t, i) => ({ key: firstKey + i, start: t.start, end: t.end, price: t.price }));
}

function basePriceCents(basePrice: number): number {
  return Number.isFinite(basePrice) && basePrice >= 0 ? roundUsdToCents(basePrice) : 0;
}

/**
 * The rows the admin tier editor opens with: the service's stored tiers, or — when it has none yet — the admin defaults
 * 0-1, 1.01-5, 5.01-10 at the base price (SPEC §9).
 */
export function adminEditorRows(stored: readonly PricingTier[], basePrice: number): TierRow[] {
  if (stored.length > 0) return toRows(stored);
  return toRows(tiersToDto(defaultAdminTiers(basePriceCents(basePrice))));
}

/** The rows a customer's dynamic tiers start with: theirs, or one tier 0-1 at the base price (SPEC §9). */
export function customerTierRows(stored: readonly PricingTier[] | undefined, basePrice: number): TierRow[] {
  if (stored && stored.length > 0) return toRows(stored);
  return toRows(tiersToDto([defaultTier(basePriceCents(basePrice))]));
}

/** Reads one row, or null while a value is empty or not a number. */
function readRow(row: TierRow): Tier | null {
  try {
    return normalizeTiers([{ start: row.start, end: row.end, price: row.price }])[0] ?? null;
  } catch {
    return null;
  }
}

/**
 * "Add Tier" (SPEC §9): 0.01 above the highest end with a 5-unit span, at the base price (see `nextTier`); rows still
 * being typed are left out of the computation.
 */
export function addTierRow(rows: readonly TierRow[], basePrice: number): TierRow[] {
  const readable = rows.map(readRow).filter((t): t is Tier => t !== null);
  const [dto] = tiersToDto([nextTier(readable, basePriceCents(basePrice))]);
  const key = rows.reduce((max, r) => Math.max(max, r.key), 0) + 1;
  return dto ? [...rows, { key, ...dto }] : [...rows];
}

/** "Remove": at least one tier must remain (SPEC §5), so the last row cannot be removed. */
export function removeTierRow(rows: readonly TierRow[], key: number): TierRow[] {
  if (rows.length <= 1) return [...rows];
  return rows.filter((r) => r.key !== key);
}

export function updateTierRow(rows: readonly TierRow[], key: number, patch: Partial<Omit<TierRow, 'key'>>): TierRow[] {
  return rows.map((r) => (r.key === key ? { ...r, ...patch } : r));
}

/**
 * Checks the rows as the server will (SPEC §5 texts from `validateTiers`: 'Tier N: Values cannot be negative', 'Tier N:
 * Start weight must be less than end weight', 'Tier N overlaps with Tier M'; no rows: 'At least one tier must remain').
 * An empty or non-numeric value reads 'Tier N: Values must be numbers'. Valid → the tiers to send (rounded to 0.01).
 */
export function checkTierRows(
  rows: readonly TierRow[],
): { ok: true; tiers: PricingTier[] } | { ok: false; issues: TierRowIssue[] } {
  if (rows.length === 0) return { ok: false, issues: [{ tier: 0, message: PRICING_MESSAGES.atLeastOneTier }] };
  const read = rows.map(readRow);
  const unreadable = read.flatMap((t, i) =>
    t === null ? [{ tier: i + 1, message: tierNotNumberMessage(i + 1) }] : [],
  );
  if (unreadable.length > 0) return { ok: false, issues: unreadable };
  const tiers = read.filter((t): t is Tier => t !== null);
  const issues = validateTiers(tiers);
  if (issues.length > 0) return { ok: false, issues: issues.map(({ tier, message }) => ({ tier, message })) };
  return { ok: true, tiers: tiersToDto(tiers) };
}

/** Messages for one row (1-based), for showing under it. */
export function issuesForRow(issues: readonly TierRowIssue[], tierNumber: number): string[] {
  return issues.filter((i) => i.tier === tierNumber).map((i) => i.message);
}

/**
 * The form field a row's problems land on (`{list}.{index}`, 0-based, one message a line), or the list's own field for
 * list-wide ones (tier 0): where the server's `details` put a tier problem (`pricingTiers`).
 */
export function tierIssuePath(list: string, tier: number): string {
  return tier === 0 ? list : `${list}.${tier - 1}`;
}

/** Adds the rows' problems to a zod check, one issue a row (its messages a line each), under `path`. */
export function addTierIssues(ctx: z.RefinementCtx, path: readonly (string | number)[], issues: TierRowIssue[]): void {
  const byTier = new Map<number, string[]>();
  for (const { tier, message } of issues) byTier.set(tier, [...(byTier.get(tier) ?? []), message]);
  for (const [tier, messages] of byTier) {
    ctx.addIssue({ code: 'custom', path: tier === 0 ? [...path] : [...path, tier - 1], message: messages.join('\n') });
  }
}

/** The problems a form's errors hold for the rows under `list` (as `TierRowsEditor` shows them). */
export function tierIssuesFrom(errors: FormErrors, list: string, rowCount: number): TierRowIssue[] {
  const lines = (tier: number) => {
    const error = errors[tierIssuePath(list, tier)];
    return typeof error === 'string' && error !== '' ? error.split('\n').map((message) => ({ tier, message })) : [];
  };
  return Array.from({ length: rowCount + 1 }, (_, tier) => lines(tier)).flat();
}

/** The admin tier editor's values: the rows as typed. */
export interface TierRowsForm {
  pricingTiers: TierRow[];
}

/**
 * The admin tier editor's form schema: the rows checked as the server checks them (`checkTierRows`), out as the
 * contract's PATCH body (UpdateDynamicPricingRequest, dynamic pricing turned on). A row's problems land on
 * `pricingTiers.{index}`, list-wide ones on `pricingTiers`.
 */
export const TierRowsFormSchema = z
  .object({ pricingTiers: z.array(z.custom<TierRow>()) })
  .transform(({ pricingTiers }, ctx): UpdateDynamicPricingRequest => {
    const check = checkTierRows(pricingTiers);
    if (!check.ok) {
      addTierIssues(ctx, ['pricingTiers'], check.issues);
      return z.NEVER;
    }
    return { pricingTiers: check.tiers, hasDynamicPricing: true };
  })
  .pipe(UpdateDynamicPricingRequest);
