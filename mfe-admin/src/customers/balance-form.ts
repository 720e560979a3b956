import { UpdateBalanceRequest } from '@labeldesk/contracts';

/** SPEC §4 balance admin modal: add (new = current + amount) or set (balance = amount). */
export type BalanceMode = 'add' | 'set';
export const BALANCE_MODES: Array<{ value: BalanceMode; label: string }> = [
  { value: 'add', label: 'Add funds' },
  { value: 'set', label: 'Set balance' },
];
export const REASON_MAX = 200;
/** SPEC §4: the balance modal closes 2 s after a success. */
export const CLOSE_AFTER_SUCCESS_MS = 2000;

/** The modal's form: one amount field whatever the mode (a number input's value: '' while empty). */
export interface BalanceFormValues {
  mode: BalanceMode;
  amount: number | string;
  reason: string;
}

export const emptyBalanceForm = (): BalanceFormValues => ({ mode: 'add', amount: '', reason: '' });

/** The typed amount as a number, or undefined while the field is empty or unfinished (the contract says why). */
function amountOf(value: number | string): number | undefined {
  if (typeof value === 'number') return value;
  const text = value.trim();
  return text === '' || !Number.isFinite(Number(text)) ? undefined : Number(text);
}

/**
 * The form as the PATCH body the contract (UpdateBalanceRequest) checks: `{mode:'add', amount}` or
 * `{mode:'set', balance}`; an empty reason is left out. Anything but a number > 0 in whole cents reads
 * 'Please enter a valid amount' here exactly as on the server.
 */
export function toBalanceInput(values: BalanceFormValues): UpdateBalanceRequest {
  const reason = values.reason.trim() || undefined;
  const amount = amountOf(values.amount) as number;
  return values.mode === 'add' ? { mode: 'add', amount, reason } : { mode: 'set', balance: amount, reason };
}

/** The request names the set amount `balance`; the form has one amount field. */
export const balanceFieldOf = (path: string): string => (path === 'balance' ? 'amount' : path);

/**
 * The balance the change would leave, for the modal's preview (the server computes the real one): null while the
 * amount is not valid.
 */
export function projectedBalance(current: number, values: BalanceFormValues): number | null {
  const parsed = UpdateBalanceRequest.safeParse(toBalanceInput({ ...values, reason: '' }));
  if (!parsed.success) return null;
  const body = parsed.data;
  if (body.mode === 'set') return body.balance;
  return Math.round((current + body.amount) * 100) / 100;
}
