import { UpdateApiKeyRequest } from '@labeldesk/contracts';

/** SPEC §5 key edit: 'API key cannot be empty' (checked with the contract the server uses; the key is trimmed). */
export function validateApiKey(key: string): { ok: true; body: UpdateApiKeyRequest } | { ok: false; error: string } {
  const parsed = UpdateApiKeyRequest.safeParse({ key });
  if (parsed.success) return { ok: true, body: { key: parsed.data.key } };
  return { ok: false, error: parsed.error.issues[0]?.message ?? 'API key cannot be empty' };
}

/** Not in the SPEC (it gives no success text for a key change). */
export const API_KEY_UPDATED = 'API key updated successfully';
