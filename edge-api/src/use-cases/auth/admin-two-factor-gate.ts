import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { APP_SETTINGS_ROW_ID, appSettings, userTwoFactor } from '../../db/schema';
import type { Services } from '../../env';

export const TWO_FACTOR_REQUIRED_MESSAGE =
  'Two-factor sign-in is required for admin accounts. Turn it on in Settings › Security to use the admin screens.';

/**
 * "Require two-factor for admins" (issue 23): true when the setting is on and this admin has no two-factor sign-in
 * enabled. One read (two indexed sub-selects: the single settings row and the user's 2FA row), taken on every admin
 * request so that switching the setting on, or an admin turning 2FA off, takes effect at once in every process.
 */
export async function adminLacksRequiredTwoFactor(services: Services, userId: string): Promise<boolean> {
  const required = services.db
    .select({ v: appSettings.requireAdminTwoFactor })
    .from(appSettings)
    .where(eq(appSettings.id, APP_SETTINGS_ROW_ID));
  const enabled = services.db
    .select({ v: sql`1` })
    .from(userTwoFactor)
    .where(and(eq(userTwoFactor.userId, userId), isNotNull(userTwoFactor.enabledAt)));
  const [row] = await services.db
    .select({
      required: sql<number | null>`(${required})`,
      enabled: sql<number | null>`(${enabled})`,
    })
    .from(sql`(SELECT 1)`);
  return Boolean(row?.required) && !row?.enabled;
}
