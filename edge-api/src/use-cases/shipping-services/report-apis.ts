import type { ReportError } from '@labeldesk/contracts';
import type { ShippingApiRow } from '../../db/schema/shipping-apis';
import type { ShippingServiceRow } from '../../db/schema/shipping-services';
import type { Services } from '../../env';
import { ApiError } from '../../errors';
import type { ProviderServiceInfo } from '../../ports/label-provider';
import { connectProvider } from '../shipping-apis/connect-provider';
import { API_NOT_FOUND_MESSAGE } from '../shipping-apis/get-api-config';
import { listApiConfigs } from '../shipping-apis/list-api-configs';
import { providerApiError } from '../shipping-apis/provider-errors';

/** One API of a service report: its config, our services, and the provider's listing or why there is none. */
export type ReportSubject =
  | { id: string; ok: true; api: ShippingApiRow; ours: ShippingServiceRow[]; listed: ProviderServiceInfo[] }
  | { id: string; ok: false; entry: ReportError };

/**
 * The configs a report covers (the ids asked for, in order; all configs when none are given) and each provider's
 * listing, asked in parallel. Only the ids are read from the request: the stored base URL and key are used. One
 * provider failing (or an unknown id) gives an error entry for that API only.
 */
export async function loadReportSubjects(services: Services, ids: readonly string[]): Promise<ReportSubject[]> {
  const wanted = [...new Set(ids)];
  const { apis, services: rows } = await listApiConfigs(services, wanted.length > 0 ? { ids: wanted } : {});
  const order = wanted.length > 0 ? wanted : apis.map((a) => a.id);
  return Promise.all(
    order.map(async (id): Promise<ReportSubject> => {
      const api = apis.find((a) => a.id === id);
      if (!api) return { id, ok: false, entry: { error: API_NOT_FOUND_MESSAGE } };
      try {
        const provider = await connectProvider(services, api);
        const listed = await provider.listServices();
        return { id, ok: true, api, ours: rows.filter((r) => r.apiId === id), listed };
      } catch (err) {
        const apiError = err instanceof ApiError ? err : providerApiError(err);
        if (!apiError) throw err;
        if (apiError.logMessage)
          services.log.warn('service_report.api_failed', { apiId: api.id, detail: apiError.logMessage });
        return { id, ok: false, entry: { name: api.name, error: apiError.message } };
      }
    }),
  );
}
