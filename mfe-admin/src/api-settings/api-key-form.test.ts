import { describe, expect, it } from 'vitest';
import { validateApiKey } from './api-key-form';

describe('validateApiKey', () => {
  it('sends the trimmed key', () => {
    expect(validateApiKey('  sk_sandbox_alpha_123  ')).toEqual({ ok: true, body: { key: 'sk_sandbox_alpha_123' } });
  });

  it("refuses an empty or blank key with 'API key cannot be empty'", () => {
    for (const key of ['', '   ', '\t\n']) {
      expect(validateApiKey(key)).toEqual({ ok: false, error: 'API key cannot be empty' });
    }
  });

  it('refuses a key longer than the server accepts', () => {
    expect(validateApiKey('k'.repeat(501))).toEqual({ ok: false, error: 'API key is too long' });
  });
});
