import type { LabelSettings, UpdateLabelSettingsRequest, ZplDpi } from '@labeldesk/contracts';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import type { Services } from '../../env';
import { ApiError } from '../../errors';

/** A customer's label settings (issue 24): the format their labels open in by default, PDF unless changed. */
export async function getLabelSettings(services: Services, userId: string): Promise<LabelSettings> {
  const [row] = await services.db
    .select({ labelFormat: users.labelFormat, zplDpi: users.zplDpi })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw new ApiError('not_found', 'User not found');
  return { labelFormat: row.labelFormat, zplDpi: row.zplDpi === 300 ? 300 : (203 as ZplDpi) };
}

/** PUT /api/label-settings: both fields (validated by the contract; the schema's CHECKs hold them too). */
export async function updateLabelSettings(
  services: Services,
  userId: string,
  input: UpdateLabelSettingsRequest,
): Promise<LabelSettings> {
  await services.db
    .update(users)
    .set({ labelFormat: input.labelFormat, zplDpi: input.zplDpi, updatedAt: services.clock.now().toISOString() })
    .where(eq(users.id, userId));
  return getLabelSettings(services, userId);
}
