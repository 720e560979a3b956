import { User } from '@labeldesk/contracts';

/** SPEC §1: session state is a token and a user record kept in browser storage. */
export const TOKEN_KEY = 'token';
export const USER_KEY = 'user';
const CHANGE_EVENT = 'labeldesk:session';

export interface Session {
  token: string;
  user: User;
}

export type StoredUser = { kind: 'none' } | { kind: 'corrupt' } | { kind: 'ok'; user: User };

function storage(): Storage | undefined {
  return typeof localStorage === 'undefined' ? undefined : localStorage;
}

export function getToken(): string | null {
  return storage()?.getItem(TOKEN_KEY) ?? null;
}

/** Reads the stored user; an unparseable or malformed record is reported as corrupt, never thrown. */
export function readStoredUser(): StoredUser {
  const raw = storage()?.getItem(USER_KEY);
  if (!raw) return { kind: 'none' };
  try {
    const parsed = User.safeParse(JSON.parse(raw));
    return parsed.success ? { kind: 'ok', user: parsed.data } : { kind: 'corrupt' };
  } catch {
    return { kind: 'corrupt' };
  }
}

export function getSession(): Session | null {
  const token = getToken();
  const stored = readStoredUser();
  return token && stored.kind === 'ok' ? { token, user: stored.user } : null;
}

function notify(): void {
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(CHANGE_EVENT));
}

export function saveSession(session: Session): void {
  storage()?.setItem(TOKEN_KEY, session.token);
  storage()?.setItem(USER_KEY, JSON.stringify(session.user));
  notify();
}

/** Replaces the stored user (e.g. after a balance change) so the header shows fresh figures. */
export function updateStoredUser(user: User): void {
  storage()?.setItem(USER_KEY, JSON.stringify(user));
  notify();
}

export function clearSession(): void {
  storage()?.removeItem(TOKEN_KEY);
  storage()?.removeItem(USER_KEY);
  notify();
}

/** Subscribes to session changes in this tab and in other tabs; returns the unsubscribe function. */
export function onSessionChange(listener: () => void): () => void {
  if (typeof window === 'undefined') return () => {};
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key === TOKEN_KEY || e.key === USER_KEY) listener();
  };
  window.addEventListener(CHANGE_EVENT, listener);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(CHANGE_EVENT, listener);
    window.removeEventListener('storage', onStorage);
  };
}
