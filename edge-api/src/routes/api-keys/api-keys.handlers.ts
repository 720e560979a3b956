import { API_KEY_MESSAGES, type ApiKeyResponse, type RegenerateApiKeyResponse } from '@labeldesk/contracts';
import { createFactory } from 'hono/factory';
import type { AppEnv } from '../../env';
import { requireUser } from '../../middleware/auth';
import { getApiKeys, type OwnedApiKeys } from '../../use-cases/api-keys/get-api-keys';
import { regenerateApiKey } from '../../use-cases/api-keys/regenerate-api-key';
import { apiKeysValidators } from './api-keys.routes';

const factory = createFactory<AppEnv>();

function present(keys: OwnedApiKeys): ApiKeyResponse {
  return {
    apiKey: keys.live.key,
    createdAt: keys.live.createdAt,
    lastUsedAt: keys.live.lastUsedAt,
    testKey: keys.test.key,
    testKeyCreatedAt: keys.test.createdAt,
    testKeyLastUsedAt: keys.test.lastUsedAt,
  };
}

export const get = factory.createHandlers(requireUser, async (c) => {
  c.header('Cache-Control', 'no-store');
  const keys = await getApiKeys(c.get('services'), { userId: c.get('user').id });
  return c.json(present(keys) satisfies ApiKeyResponse, 200);
});

export const regenerate = factory.createHandlers(requireUser, apiKeysValidators.regenerate, async (c) => {
  c.header('Cache-Control', 'no-store');
  const keys = await regenerateApiKey(c.get('services'), {
    userId: c.get('user').id,
    mode: c.req.valid('query').mode,
  });
  const body: RegenerateApiKeyResponse = { ...present(keys), message: API_KEY_MESSAGES.generated };
  return c.json(body, 200);
});
