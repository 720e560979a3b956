import { onSessionChange, readStoredUser, type StoredUser } from '@labeldesk/api-client';
import { useSyncExternalStore } from 'react';

let cached: StoredUser = { kind: 'none' };
let cachedKey = '';

/** A stable snapshot: a new object only when the stored user actually changed. */
function snapshot(): StoredUser {
  const next = readStoredUser();
  const key = JSON.stringify(next);
  if (key !== cachedKey) {
    cachedKey = key;
    cached = next;
  }
  return cached;
}

/** The user kept in browser storage, re-rendering when the shell or another tab updates it. */
export function useStoredUser(): StoredUser {
  return useSyncExternalStore(onSessionChange, snapshot, snapshot);
}
