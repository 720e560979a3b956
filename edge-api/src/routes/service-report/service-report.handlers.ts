import type {
  AddServicesResponse,
  CheckUpdatesResponse,
  CleanupReportResponse,
  RemoveServicesResponse,
} from '@labeldesk/contracts';
import { createFactory } from 'hono/factory';
import type { AppEnv } from '../../env';
import { requireAdmin } from '../../middleware/auth';
import { addServices } from '../../use-cases/shipping-services/add-services';
import { buildCleanupReport } from '../../use-cases/shipping-services/build-cleanup-report';
import { checkServiceUpdates } from '../../use-cases/shipping-services/check-service-updates';
import { removeServices } from '../../use-cases/shipping-services/remove-services';
import { serviceReportValidators } from './service-report.routes';

const factory = createFactory<AppEnv>();

/** Only the ids of `apis` are used; base URLs and keys come from the stored configs. */
const idsOf = (apis: Array<{ id: string }> | undefined) => (apis ?? []).map((a) => a.id);

export const checkUpdates = factory.createHandlers(requireAdmin, serviceReportValidators.report, async (c) => {
  const body: CheckUpdatesResponse = await checkServiceUpdates(c.get('services'), idsOf(c.req.valid('json').apis));
  return c.json(body, 200);
});

export const cleanupReport = factory.createHandlers(requireAdmin, serviceReportValidators.report, async (c) => {
  const body: CleanupReportResponse = await buildCleanupReport(c.get('services'), idsOf(c.req.valid('json').apis));
  return c.json(body, 200);
});

export const add = factory.createHandlers(requireAdmin, serviceReportValidators.add, async (c) => {
  const { addedCount } = await addServices(c.get('services'), c.req.valid('json').services);
  const body: AddServicesResponse = { addedCount, message: `Successfully added ${addedCount} services` };
  return c.json(body, 200);
});

export const remove = factory.createHandlers(requireAdmin, serviceReportValidators.remove, async (c) => {
  const { removedCount } = await removeServices(c.get('services'), c.req.valid('json').services);
  const body: RemoveServicesResponse = { removedCount, message: `Successfully removed ${removedCount} services` };
  return c.json(body, 200);
});
