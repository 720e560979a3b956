import { AddServicesRequest, RemoveServicesRequest, ServiceReportRequest } from '@labeldesk/contracts';
import { jsonBody } from '../../middleware/validate';

/** Admin: the service report — new services from the providers, obsolete ones of ours (SPEC §7 /api/admin/services). */
export const serviceReportRoutes = {
  checkUpdates: '/admin/services/check-updates',
  cleanupReport: '/admin/services/cleanup-report',
  addServices: '/admin/services/add-services',
  removeServices: '/admin/services/remove-services',
} as const;

export const serviceReportValidators = {
  report: jsonBody(ServiceReportRequest),
  add: jsonBody(AddServicesRequest),
  remove: jsonBody(RemoveServicesRequest),
};
