import { sql } from 'drizzle-orm';
import type { Services } from '../../env';

export interface LedgerMismatch {
  userId: string;
  balanceCents: number;
  ledgerCents: number;
}

/**
 * Audits the ledger: every user's balance must equal Σ completed credits − Σ completed debits, and be non-negative.
 * Returns the users where it does not hold (none, always, unless someone wrote to users.balance_cents by hand).
 */
export async function checkLedgerInvariant(
  services: Services,
): Promise<{ users: number; mismatches: LedgerMismatch[] }> {
  const rows = await services.db.all<{ user_id: string; balance_cents: number; ledger_cents: number }>(sql`
    SELECT u.id AS user_id, u.balance_cents AS balance_cents,
      COALESCE((SELECT SUM(CASE e.type WHEN 'credit' THEN e.amount_cents ELSE -e.amount_cents END)
                FROM ledger_entries e WHERE e.user_id = u.id AND e.status = 'completed'), 0) AS ledger_cents
    FROM users u`);
  const mismatches = rows
    .filter((r) => Number(r.balance_cents) !== Number(r.ledger_cents) || Number(r.balance_cents) < 0)
    .map((r) => ({ userId: r.user_id, balanceCents: Number(r.balance_cents), ledgerCents: Number(r.ledger_cents) }));
  return { users: rows.length, mismatches };
}
