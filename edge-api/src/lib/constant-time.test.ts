import { describe, expect, it } from 'vitest';
import { constantTimeEqual, secretsEqual } from './constant-time';

describe('constant-time comparison', () => {
  it('tells equal secrets from different ones of any length', async () => {
    const secret = 'bootstrap-secret-0123456789abcdef0123';
    expect(await secretsEqual(secret, secret)).toBe(true);
    expect(await secretsEqual(`${secret}x`, secret)).toBe(false);
    expect(await secretsEqual(secret.slice(0, -1), secret)).toBe(false);
    expect(await secretsEqual('', secret)).toBe(false);
    expect(await secretsEqual(secret.toUpperCase(), secret)).toBe(false);
  });

  it('compares bytes', () => {
    expect(constantTimeEqual(new Uint8Array([1, 2]), new Uint8Array([1, 2]))).toBe(true);
    expect(constantTimeEqual(new Uint8Array([1, 2]), new Uint8Array([1, 3]))).toBe(false);
    expect(constantTimeEqual(new Uint8Array([1]), new Uint8Array([1, 0]))).toBe(false);
  });
});
