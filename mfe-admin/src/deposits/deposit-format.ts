// The CSV writer alone: the package root would also pull papaparse and jszip into this remote.
import { csvTable } from '@labeldesk/amazon/csv';
import type { Deposit } from '@labeldesk/contracts';

/** 'admin_adjustment' → 'Admin Adjustment' (SPEC §2 Deposit History: method title-cased from snake_case). */
export function titleCaseMethod(method: string): string {
  return method
    .split('_')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase())
    .join(' ');
}

export interface StatusBadge {
  label: 'Completed' | 'Pending' | 'Failed';
  color: 'green' | 'yellow' | 'red';
}

/** SPEC §4 deposit status: completed, pending, else failed. */
export function depositStatus(status: string): StatusBadge {
  if (status === 'completed') return { label: 'Completed', color: 'green' };
  if (status === 'pending') return { label: 'Pending', color: 'yellow' };
  return { label: 'Failed', color: 'red' };
}

/** 'Ada Lovelace (ada@example.com)', or the email alone when the name is missing. */
export function depositUser(deposit: Pick<Deposit, 'userDetails' | 'user'>): string {
  const email = deposit.userDetails.email || deposit.user.email;
  const name = deposit.userDetails.name.trim();
  if (!name) return email;
  return email ? `${name} (${email})` : name;
}

/** SPEC §2: the export has exactly these columns, in this order. */
export const DEPOSIT_CSV_COLUMNS = [
  'Transaction ID',
  'User',
  'Amount',
  'Method',
  'Description',
  'Date',
  'Status',
] as const;

/**
 * The deposits as CSV text: one line per deposit under {@link DEPOSIT_CSV_COLUMNS}; amount in USD with 2 decimals,
 * date as the ISO 8601 UTC timestamp the API gives, method and status as the table shows them. Every cell goes through
 * the shared formula-injection guard (`csvSafeCell`), so a description or name like '=HYPERLINK(...)' cannot run.
 */
export function depositsCsv(deposits: readonly Deposit[]): string {
  return csvTable(
    DEPOSIT_CSV_COLUMNS,
    deposits.map((d) => [
      d.transactionId,
      depositUser(d),
      d.amount.toFixed(2),
      titleCaseMethod(d.metadata.method),
      d.description,
      d.createdAt,
      depositStatus(d.status).label,
    ]),
  );
}

/** deposit-history-YYYY-MM-DD.csv, the date being the admin's local day of the export (SPEC §9). */
export function depositCsvFileName(now: Date): string {
  const y = now.getFullYear();
  const m = String(now.getMonth() + 1).padStart(2, '0');
  const d = String(now.getDate()).padStart(2, '0');
  return `deposit-history-${y}-${m}-${d}.csv`;
}
