import { ApiClientError } from '@labeldesk/api-client';

/** A purchase attempt whose outcome is unknown: its Idempotency-Key and the exact body it was sent with. */
export interface OpenAttempt {
  key: string;
  body: string;
}

/**
 * The Idempotency-Key for a submit: the open attempt's key when the very same body is sent again (a retry after a
 * network error must not buy a second label), else a fresh one (a changed form is a new purchase; reusing the key
 * would be refused as a mismatch).
 */
export function keyForSubmit(open: OpenAttempt | null, body: string, fresh: () => string): string {
  return open && open.body === body ? open.key : fresh();
}

/**
 * Whether the outcome of a failed attempt is unknown, so a retry must reuse its key: the server could not be reached
 * or its answer was unreadable, it failed (5xx other than a carrier's refusal), or it is still working on that key (409 in progress). A definite
 * refusal (validation, insufficient balance, a refused shipment) ends the attempt: the next submit is a new purchase.
 */
export function outcomeUnknown(error: unknown, inProgressMessage: string): boolean {
  if (!(error instanceof ApiClientError)) return true;
  if (error.code === 'network_error' || error.code === 'bad_response') return true;
  // 502 upstream_error: the carrier refused the shipment and the hold was refunded (a definite outcome).
  if (error.status >= 500) return error.code !== 'upstream_error';
  return error.status === 409 && error.message === inProgressMessage;
}

/**
 * A new Idempotency-Key (UUID v4). crypto.randomUUID exists only in secure contexts (https, localhost), so a page
 * served over plain http elsewhere falls back to the same format from crypto.getRandomValues.
 */
export function newIdempotencyKey(
  cryptoApi: Pick<Crypto, 'getRandomValues'> & Partial<Pick<Crypto, 'randomUUID'>> = crypto,
): string {
  if (typeof cryptoApi.randomUUID === 'function') return cryptoApi.randomUUID();
  const bytes = cryptoApi.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
