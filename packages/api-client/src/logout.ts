import { api } from './endpoints';
import { clearSession, getToken } from './session';

/**
 * Logout (SPEC §2: clears token and user): asks the server to revoke the session, without waiting for the answer, and
 * clears the stored session at once. The token is revoked even if the page goes away meanwhile (keepalive); if the
 * call fails (offline), the session simply expires on the server as before.
 */
export function logout(): void {
  const token = getToken();
  if (token) api.auth.logout(token).catch(() => {});
  clearSession();
}
