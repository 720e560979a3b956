import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type TestServices, testServices } from '../../adapters/node/test-support';
import { users } from '../../db/schema';
import { verifyPassword } from '../../lib/password';
import { createUser } from './create-user';
import { DEFAULT_ADMIN_EMAIL, ensureAdmin } from './ensure-admin';

describe('ensureAdmin', () => {
  let t: TestServices;
  beforeEach(async () => {
    t = await testServices();
  });
  afterEach(() => t.cleanup());

  async function admins() {
    return t.services.db.select().from(users).where(eq(users.isAdmin, true));
  }

  it('creates the configured admin once; later calls change nothing', async () => {
    const first = await ensureAdmin(t.services, { email: 'Boss@Example.com', password: 'configured-pw' });
    expect(first).toEqual({ kind: 'created', email: 'boss@example.com' });
    const again = await ensureAdmin(t.services, { email: 'other@example.com', password: 'x'.repeat(10) });
    expect(again).toEqual({ kind: 'exists' });
    const rows = await admins();
    expect(rows.map((r) => r.email)).toEqual(['boss@example.com']);
    expect(await verifyPassword('configured-pw', rows[0]?.passwordHash ?? '')).toBe(true);
  });

  it('without configuration creates admin@labeldesk.local with a generated password that works', async () => {
    const result = await ensureAdmin(t.services, {});
    expect(result.kind).toBe('created');
    if (result.kind === 'exists') return;
    expect(result.email).toBe(DEFAULT_ADMIN_EMAIL);
    expect(result.generatedPassword).toMatch(/^[A-Za-z0-9_-]{24}$/);
    const [row] = await admins();
    expect(await verifyPassword(result.generatedPassword ?? '', row?.passwordHash ?? '')).toBe(true);
  });

  it('promotes an existing customer with the configured email and sets the configured password', async () => {
    const customer = await createUser(t.services, { name: 'C', email: 'boss@example.com', password: 'customer-pw' });
    const result = await ensureAdmin(t.services, { email: 'boss@example.com', password: 'configured-pw' });
    expect(result).toEqual({ kind: 'promoted', email: 'boss@example.com' });
    const rows = await admins();
    expect(rows.map((r) => r.id)).toEqual([customer.id]);
    expect(await verifyPassword('configured-pw', rows[0]?.passwordHash ?? '')).toBe(true);
  });
});
