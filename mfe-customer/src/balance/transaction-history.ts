import type { Transaction } from '@labeldesk/contracts';

/** Rows per page of the customer's transaction history. */
export const HISTORY_PAGE_SIZE = 10;

/** '+' for money in, '-' for money out: the type decides, whatever sign the amount was sent with. */
export function amountSign(tx: Pick<Transaction, 'type'>): '+' | '-' {
  return tx.type === 'credit' ? '+' : '-';
}

/** The amount with its sign, e.g. '+$25.00' or '-$7.40', given the page's USD formatter. */
export function signedAmount(tx: Pick<Transaction, 'type' | 'amount'>, formatUsd: (n: number) => string): string {
  return `${amountSign(tx)}${formatUsd(Math.abs(tx.amount))}`;
}

/**
 * How the amount is drawn: money that moved is green (in) or red (out); a pending row is dimmed (nothing moved yet)
 * and a failed one dimmed and struck through (nothing will).
 */
export function amountStyle(tx: Pick<Transaction, 'type' | 'status'>): { color: string; struck: boolean } {
  if (tx.status === 'failed') return { color: 'dimmed', struck: true };
  if (tx.status === 'pending') return { color: 'dimmed', struck: false };
  return { color: tx.type === 'credit' ? 'green' : 'red', struck: false };
}

/** Badge colour per SPEC §4 crypto transaction state. */
export function transactionStatusColor(status: Transaction['status']): 'green' | 'yellow' | 'red' {
  if (status === 'completed') return 'green';
  if (status === 'pending') return 'yellow';
  return 'red';
}

export function capitalize(text: string): string {
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : text;
}
