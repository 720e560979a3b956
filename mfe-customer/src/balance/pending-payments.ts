import type { PendingCryptoPayment, RefreshPaymentResponse } from '@labeldesk/contracts';

/** SPEC §9: pending crypto payments younger than 24 h are listed. */
export const PENDING_WINDOW_MS = 24 * 60 * 60 * 1000;

/** How often the Balance page re-reads its pending payments while any is pending ("checked automatically"). */
export const PENDING_POLL_MS = 5000;

/**
 * Payments still inside the 24 h window, newest first. The server already applies the window; this keeps a page left
 * open overnight from offering payments that have expired since it loaded.
 */
export function livePendingPayments(payments: readonly PendingCryptoPayment[], now: Date): PendingCryptoPayment[] {
  const cutoff = now.getTime() - PENDING_WINDOW_MS;
  return payments
    .filter((p) => {
      const created = Date.parse(p.createdAt);
      return Number.isFinite(created) && created > cutoff;
    })
    .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
}

export interface RefreshOutcome {
  color: 'green' | 'yellow' | 'red';
  text: string;
  /** The payment left the pending state: reload the pending list. */
  settled: boolean;
  /** Money arrived: reload balance and history and refresh the header's user. */
  credited: boolean;
}

/** What the page shows after POST /api/crypto/refresh/{id}: the server's message, coloured by the new state. */
export function refreshOutcome(res: RefreshPaymentResponse): RefreshOutcome {
  if (res.status === 'completed') return { color: 'green', text: res.message, settled: true, credited: true };
  if (res.status === 'pending') return { color: 'yellow', text: res.message, settled: false, credited: false };
  const text = /^payment failed/i.test(res.message) ? res.message : `Payment failed: ${res.message}`;
  return { color: 'red', text, settled: true, credited: false };
}
