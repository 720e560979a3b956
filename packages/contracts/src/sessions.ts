import { z } from 'zod';

/**
 * The caller's own sign-in sessions (issue 23, extensions of SPEC §7): GET /api/auth/sessions lists the live ones,
 * DELETE /api/auth/sessions/{id} signs one out, POST /api/auth/sessions/revoke-others signs out every other one.
 * A session shows what the server keeps of it: when it was opened and when it runs out. The one the request came
 * with is `current`.
 */
export const SessionInfo = z.object({
  id: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof SessionInfo>;

export const SessionListResponse = z.object({ sessions: z.array(SessionInfo) });
export type SessionListResponse = z.infer<typeof SessionListResponse>;

export const SessionIdParam = z.object({ id: z.string().trim().min(1).max(100) });

/** What signing sessions out answers: how many were still live and are now revoked. */
export const RevokeSessionsResponse = z.object({ message: z.string(), revoked: z.number().int() });
export type RevokeSessionsResponse = z.infer<typeof RevokeSessionsResponse>;
