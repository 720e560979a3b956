import { getToken, onSessionChange, readStoredUser, type StoredUser } from '@labeldesk/api-client';
import { useSyncExternalStore } from 'react';

export interface SessionSnapshot {
  token: string | null;
  stored: StoredUser;
}

let cached: SessionSnapshot | null = null;
let cachedKey = '';

function snapshot(): SessionSnapshot {
  const token = getToken();
  const raw = typeof localStorage === 'undefined' ? null : localStorage.getItem('user');
  const key = `${token ?? ''}\u0000${raw ?? ''}`;
  if (!cached || key !== cachedKey) {
    cachedKey = key;
    cached = { token, stored: readStoredUser() };
  }
  return cached;
}

/** The stored session, re-rendering on login, logout, user updates and changes made in other tabs. */
export function useSession(): SessionSnapshot {
  return useSyncExternalStore(onSessionChange, snapshot, snapshot);
}
