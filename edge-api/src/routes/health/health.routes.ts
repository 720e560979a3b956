/** GET /api/health → `HealthResponse` (no auth). */
export const healthRoutes = {
  health: '/health',
} as const;
