import { readStoredUser, updateStoredUser } from '@labeldesk/api-client';

/** Keeps the header's balance (the stored user) in step with a balance a screen just read or changed. */
export function syncHeaderBalance(balance: number): void {
  const stored = readStoredUser();
  if (stored.kind === 'ok' && stored.user.balance !== balance) updateStoredUser({ ...stored.user, balance });
}
