import { describe, expect, it } from 'vitest';
import { createSecretBox, maskSecret, SecretBoxError } from './secret-box';

const SECRET = 'provider-key-secret-for-unit-tests-0123456789';

describe('secret box (AES-256-GCM)', () => {
  it('round-trips, and never stores the plaintext or the same ciphertext twice', async () => {
    const box = createSecretBox(SECRET);
    const a = await box.encrypt('sk_sandbox_alpha_0123456789abcdef', 'api_1');
    const b = await box.encrypt('sk_sandbox_alpha_0123456789abcdef', 'api_1');
    expect(a).toMatch(/^v1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(a).not.toContain('sk_sandbox');
    expect(a).not.toBe(b);
    expect(await box.decrypt(a, 'api_1')).toBe('sk_sandbox_alpha_0123456789abcdef');
    expect(await createSecretBox(SECRET).decrypt(b, 'api_1')).toBe('sk_sandbox_alpha_0123456789abcdef');
  });

  it('refuses another row, another secret, tampering and garbage, also after it opened the value once', async () => {
    const box = createSecretBox(SECRET);
    const sealed = await box.encrypt('secret-key', 'api_1');
    // Opened (and remembered) for its own row first: the memo must not answer for another row or another text.
    expect(await box.decrypt(sealed, 'api_1')).toBe('secret-key');
    await expect(box.decrypt(sealed, 'api_2')).rejects.toBeInstanceOf(SecretBoxError);
    await expect(createSecretBox(`${SECRET}-other`).decrypt(sealed, 'api_1')).rejects.toBeInstanceOf(SecretBoxError);
    const [v, iv, data] = sealed.split('.');
    const flipped = `${v}.${iv}.${(data ?? '').slice(0, -2)}${(data ?? '').endsWith('A') ? 'B' : 'A'}${(data ?? '').slice(-1)}`;
    await expect(box.decrypt(flipped, 'api_1')).rejects.toBeInstanceOf(SecretBoxError);
    await expect(box.decrypt('plaintext-key', 'api_1')).rejects.toBeInstanceOf(SecretBoxError);
    await expect(box.decrypt('v1.!!.??', 'api_1')).rejects.toBeInstanceOf(SecretBoxError);
  });

  it('needs a secret of at least 32 characters', async () => {
    await expect(createSecretBox('short').encrypt('x', 'y')).rejects.toBeInstanceOf(SecretBoxError);
  });

  it('masks keys to the last 4 characters', () => {
    expect(maskSecret('sk_live_abcdef1234')).toBe('••••1234');
    expect(maskSecret('abcd')).toBe('••••');
    expect(maskSecret('')).toBe('••••');
  });
});
