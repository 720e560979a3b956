import type { HealthResponse, LivenessResponse } from '@labeldesk/contracts';
import { createFactory } from 'hono/factory';
import type { AppEnv } from '../../env';
import { checkHealth } from '../../use-cases/health/check-health';

const factory = createFactory<AppEnv>();

export const health = factory.createHandlers(async (c) => {
  const body: HealthResponse = await checkHealth(c.get('services'));
  c.header('Cache-Control', 'no-store');
  return c.json(body, 200);
});

export const live = factory.createHandlers((c) => {
  const body: LivenessResponse = { status: 'ok' };
  c.header('Cache-Control', 'no-store');
  return c.json(body, 200);
});
