import { argon2id } from '@noble/hashes/argon2.js';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type TestServices, testServices } from '../../adapters/node/test-support';
import { users } from '../../db/schema';
import { ApiError } from '../../errors';
import { toB64NoPad } from '../../lib/base64';
import { verifyPassword } from '../../lib/password';
import { loginUser } from './login-user';

describe('loginUser', () => {
  let t: TestServices;
  beforeEach(async () => {
    t = await testServices();
  });
  afterEach(() => t.cleanup());

  it('upgrades a hash made with older parameters to the current ones on a successful login', async () => {
    const salt = new Uint8Array(16).fill(3);
    const legacy = `$argon2id$v=19$m=64,t=1,p=1$${toB64NoPad(salt)}$${toB64NoPad(
      argon2id('old password', salt, { m: 64, t: 1, p: 1, dkLen: 32 }),
    )}`;
    const now = t.clock.now().toISOString();
    await t.services.db.insert(users).values({
      id: 'usr_legacy',
      name: 'Legacy',
      email: 'legacy@example.com',
      passwordHash: legacy,
      createdAt: now,
      updatedAt: now,
    });

    await expect(
      loginUser(t.services, { email: 'legacy@example.com', password: 'wrong', clientIp: '1.1.1.1' }),
    ).rejects.toMatchObject({ code: 'unauthorized' });
    let [row] = await t.services.db.select().from(users).where(eq(users.id, 'usr_legacy'));
    expect(row?.passwordHash).toBe(legacy);

    const session = await loginUser(t.services, {
      email: 'LEGACY@example.com',
      password: 'old password',
      clientIp: '1.1.1.1',
    });
    if ('mfaRequired' in session) throw new Error('no 2FA on this account');
    expect(session.user.id).toBe('usr_legacy');
    [row] = await t.services.db.select().from(users).where(eq(users.id, 'usr_legacy'));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword('old password', row?.passwordHash ?? '')).toBe(true);
  });

  it('fails an unknown email with the same error as a wrong password', async () => {
    const err = await loginUser(t.services, { email: 'ghost@example.com', password: 'x', clientIp: '1.1.1.1' }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ code: 'unauthorized', message: 'Invalid email or password' });
  });
});
