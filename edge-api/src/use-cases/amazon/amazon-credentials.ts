import { eq } from 'drizzle-orm';
import { amazonCredentials } from '../../db/schema';
import type { Services } from '../../env';

/**
 * A customer's saved Amazon cookies and CSRF token, sealed at rest with the server's secret box. The associated data
 * binds each sealed value to its user and field, so a value copied into another row does not open.
 */
const ad = (userId: string, field: 'cookies' | 'csrfToken') => `amazon-credentials:${userId}:${field}`;

export interface OpenedAmazonCredentials {
  cookies: string | null;
  cookiesSavedAt: string | null;
  csrfToken: string | null;
  csrfTokenSavedAt: string | null;
}

export async function readAmazonCredentials(services: Services, userId: string): Promise<OpenedAmazonCredentials> {
  const [row] = await services.db.select().from(amazonCredentials).where(eq(amazonCredentials.userId, userId));
  if (!row) return { cookies: null, cookiesSavedAt: null, csrfToken: null, csrfTokenSavedAt: null };
  const box = services.providerKeys;
  return {
    cookies: row.cookiesSealed ? await box.decrypt(row.cookiesSealed, ad(userId, 'cookies')) : null,
    cookiesSavedAt: row.cookiesSealed ? row.cookiesSavedAt : null,
    csrfToken: row.csrfTokenSealed ? await box.decrypt(row.csrfTokenSealed, ad(userId, 'csrfToken')) : null,
    csrfTokenSavedAt: row.csrfTokenSealed ? row.csrfTokenSavedAt : null,
  };
}

/** Saves the given fields (sealed), each with its own saved time; fields not given are left as they are. */
export async function saveAmazonCredentials(
  services: Services,
  userId: string,
  input: { cookies?: string; csrfToken?: string },
): Promise<void> {
  if (input.cookies === undefined && input.csrfToken === undefined) return;
  const now = services.clock.now().toISOString();
  const box = services.providerKeys;
  const set: Partial<typeof amazonCredentials.$inferInsert> = { updatedAt: now };
  if (input.cookies !== undefined) {
    set.cookiesSealed = await box.encrypt(input.cookies, ad(userId, 'cookies'));
    set.cookiesSavedAt = now;
  }
  if (input.csrfToken !== undefined) {
    set.csrfTokenSealed = await box.encrypt(input.csrfToken, ad(userId, 'csrfToken'));
    set.csrfTokenSavedAt = now;
  }
  await services.db
    .insert(amazonCredentials)
    .values({ userId, ...set, updatedAt: now })
    .onConflictDoUpdate({ target: amazonCredentials.userId, set });
}

/** Deletes the caller's saved cookies and token (both); true when there was a saved row. */
export async function deleteAmazonCredentials(services: Services, userId: string): Promise<boolean> {
  const deleted = await services.db
    .delete(amazonCredentials)
    .where(eq(amazonCredentials.userId, userId))
    .returning({ userId: amazonCredentials.userId });
  return deleted.length > 0;
}
