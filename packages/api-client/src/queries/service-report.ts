import type { ServiceReportRequest } from '@labeldesk/contracts';
import { api } from '../endpoints';
import { query } from './spec';

/**
 * Admin: the Service Report (SPEC §2): what the provider APIs list now against our services, new ones (update check) and
 * obsolete ones (cleanup). Each is asked of the providers for the APIs in the request. The keys sit outside
 * `providerKeys.all` on purpose: adding or removing services (providerMutations) must not re-ask the providers at
 * once, the report screen runs the report again 1 s later itself (SPEC §4). Use with `staleTime: 0`: every opening,
 * Refresh and Scan asks the providers again.
 */
export const serviceReportKeys = {
  all: ['admin', 'service-report'] as const,
  updates: (body: ServiceReportRequest) => [...serviceReportKeys.all, 'updates', body] as const,
  cleanup: (body: ServiceReportRequest) => [...serviceReportKeys.all, 'cleanup', body] as const,
};

export const serviceReportQueries = {
  updates: (body: ServiceReportRequest) =>
    query(serviceReportKeys.updates(body), (signal) => api.adminServices.checkUpdates(body, signal)),
  cleanup: (body: ServiceReportRequest) =>
    query(serviceReportKeys.cleanup(body), (signal) => api.adminServices.cleanupReport(body, signal)),
};
