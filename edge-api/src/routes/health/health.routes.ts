/**
 * GET /api/health → `HealthResponse` (readiness: the database answers). GET /api/health/live → `LivenessResponse`
 * (liveness: the process serves requests; touches nothing, so a slow database does not get a healthy process killed).
 * No auth on either.
 */
export const healthRoutes = {
  health: '/health',
  live: '/health/live',
} as const;
