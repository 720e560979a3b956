import { INVALID_AMOUNT, type UpdateBalanceChange, UpdateBalanceRequest } from '@labeldesk/contracts';

/** SPEC §4 balance admin modal: add (new = current + amount) or set (balance = amount). */
export type BalanceMode = 'add' | 'set';
export const BALANCE_MODES: Array<{ value: BalanceMode; label: string }> = [
  { value: 'add', label: 'Add funds' },
  { value: 'set', label: 'Set balance' },
];
export const REASON_MAX = 200;
/** SPEC §4: the balance modal closes 2 s after a success. */
export const CLOSE_AFTER_SUCCESS_MS = 2000;

export function isBalanceMode(value: string): value is BalanceMode {
  return value === 'add' || value === 'set';
}

/** The typed amount as a number, or null while the field is empty or unfinished. */
export function parseAmount(value: string | number): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const text = value.trim();
  if (text === '') return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
}

export type BalanceRequestCheck = { ok: true; body: UpdateBalanceChange } | { ok: false; error: string };

/**
 * The PATCH body for the modal, checked with the contract (UsdAmount: a number > 0 in whole cents) so anything else
 * reads 'Please enter a valid amount' here exactly as on the server. An empty reason is left out.
 */
export function buildBalanceRequest(mode: BalanceMode, amount: string | number, reason: string): BalanceRequestCheck {
  const value = parseAmount(amount);
  const why = reason.trim() || undefined;
  const candidate = mode === 'add' ? { mode, amount: value, reason: why } : { mode, balance: value, reason: why };
  const parsed = UpdateBalanceRequest.safeParse(candidate);
  if (parsed.success) return { ok: true, body: parsed.data };
  const issue = parsed.error.issues[0];
  if (issue?.path[0] === 'reason') return { ok: false, error: `Reason must be ${REASON_MAX} characters or fewer` };
  return { ok: false, error: INVALID_AMOUNT };
}

/**
 * The balance the change would leave, for the modal's preview (the server computes the real one): null while the
 * amount is not valid.
 */
export function projectedBalance(current: number, mode: BalanceMode, amount: string | number): number | null {
  const check = buildBalanceRequest(mode, amount, '');
  if (!check.ok) return null;
  const body = check.body;
  if (body.mode === 'set') return body.balance;
  return Math.round((current + body.amount) * 100) / 100;
}
