import { api } from '../endpoints';
import { query } from './spec';

/**
 * The signed-in user as the server sees it (GET /api/auth/verify): read once per session by the shell's header and
 * shared with any page that wants it; and the server's word that this user is an admin (GET /api/auth/verify-admin,
 * 403 otherwise), which the shell's admin guard waits for. The balance has its own query (balance.ts).
 */
export const sessionKeys = {
  all: ['session'] as const,
  verify: () => [...sessionKeys.all, 'verify'] as const,
  admin: () => [...sessionKeys.all, 'admin'] as const,
};

export const sessionQueries = {
  verify: () => query(sessionKeys.verify(), () => api.auth.verify()),
  verifyAdmin: () => query(sessionKeys.admin(), () => api.auth.verifyAdmin()),
};
