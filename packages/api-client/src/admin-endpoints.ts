import {
  type AddServicesRequest,
  AddServicesResponse,
  type AdminBulkListQuery,
  AdminBulkListResponse,
  type AdminOrderListQuery,
  AdminUserListResponse,
  ApiConfigListResponse,
  ApiConfigResponse,
  BulkOrderDetailResponse,
  CheckUpdatesResponse,
  CleanupReportResponse,
  type CreateApiConfigRequest,
  type CreateFaqRequest,
  DeleteApiConfigResponse,
  DepositListResponse,
  DynamicPricingResponse,
  FaqListResponse,
  FaqResponse,
  LabelStats,
  type LabelStatsPeriod,
  type ListQuery,
  type MarginsQuery,
  MarginsResponse,
  MessageResponse,
  OrderListResponse,
  ProviderHealthResponse,
  ProviderPricesResponse,
  type RemoveServicesRequest,
  RemoveServicesResponse,
  type ServiceReportRequest,
  ServiceResponse,
  type UpdateApiKeyRequest,
  type UpdateBalanceRequest,
  UpdateBalanceResponse,
  type UpdateDynamicPricingRequest,
  type UpdateFailoverSettingsRequest,
  type UpdateFaqRequest,
  type UpdateReliabilityRequest,
  type UpdateServicePricingRequest,
  type UpdateUserPricingRequest,
  UpdateUserPricingResponse,
  UserPricingResponse,
} from '@labeldesk/contracts';
import { request } from './http';
import { enc, listQuery } from './query';

/** The admin's calls of the typed API (SPEC §7 admin routes); `api` in endpoints.ts holds them beside the customer's. */
export const adminApi = {
  adminFaqs: {
    list: (signal?: AbortSignal) => request('/api/admin/faqs', { schema: FaqListResponse, signal }),
    create: (body: CreateFaqRequest) => request('/api/admin/faqs', { method: 'POST', body, schema: FaqResponse }),
    update: (id: string, body: UpdateFaqRequest) =>
      request(`/api/admin/faqs/${enc(id)}`, { method: 'PUT', body, schema: FaqResponse }),
    remove: (id: string) => request(`/api/admin/faqs/${enc(id)}`, { method: 'DELETE', schema: MessageResponse }),
  },
  adminUsers: {
    list: (signal?: AbortSignal) => request('/api/admin/users', { schema: AdminUserListResponse, signal }),
    updateBalance: (id: string, body: UpdateBalanceRequest) =>
      request(`/api/admin/users/${enc(id)}/balance`, { method: 'PATCH', body, schema: UpdateBalanceResponse }),
  },
  adminDeposits: {
    list: (q?: ListQuery, signal?: AbortSignal) =>
      request(`/api/admin/deposits${listQuery(q)}`, { schema: DepositListResponse, signal }),
  },
  /** Admin: every customer's orders and label statistics. */
  adminOrders: {
    list: (q?: AdminOrderListQuery, signal?: AbortSignal) =>
      request(`/api/admin/orders${listQuery(q)}`, { schema: OrderListResponse, signal }),
    labelStats: (period: LabelStatsPeriod, signal?: AbortSignal) =>
      request(`/api/admin/stats/labels?period=${enc(period)}`, { schema: LabelStats, signal }),
  },
  /** Admin: margins per API and service for a period (issue 13, /admin/pricing). */
  adminMargins: {
    margins: (q: MarginsQuery = {}, signal?: AbortSignal) =>
      request(`/api/admin/pricing/margins${listQuery(q)}`, { schema: MarginsResponse, signal }),
  },
  /** Admin: every customer's bulk orders (SPEC §7 admin bulk-orders). */
  adminBulk: {
    list: (q?: AdminBulkListQuery, signal?: AbortSignal) =>
      request(`/api/admin/bulk-orders${listQuery(q)}`, {
        schema: AdminBulkListResponse,
        signal,
      }),
    get: (id: string) => request(`/api/admin/bulk-orders/${enc(id)}`, { schema: BulkOrderDetailResponse }),
  },
  /** Admin: provider API configs and per-service settings (keys always come back masked). */
  adminConfig: {
    listApis: (signal?: AbortSignal) => request('/api/admin/config/apis', { schema: ApiConfigListResponse, signal }),
    createApi: (body: CreateApiConfigRequest) =>
      request('/api/admin/config/apis', { method: 'POST', body, schema: ApiConfigResponse }),
    updateApiKey: (id: string, body: UpdateApiKeyRequest) =>
      request(`/api/admin/config/apis/${enc(id)}`, { method: 'PUT', body, schema: ApiConfigResponse }),
    deleteApi: (id: string) =>
      request(`/api/admin/config/apis/${enc(id)}`, { method: 'DELETE', schema: DeleteApiConfigResponse }),
    setDefault: (id: string) =>
      request(`/api/admin/config/apis/${enc(id)}/set-default`, { method: 'PATCH', schema: ApiConfigResponse }),
    /** The API's place in the failover order and whether purchases chosen elsewhere may be bought through it. */
    updateFailover: (id: string, body: UpdateFailoverSettingsRequest) =>
      request(`/api/admin/config/apis/${enc(id)}/failover`, { method: 'PATCH', body, schema: ApiConfigResponse }),
    /** Each API's circuit breaker (closed / open / half-open, last error) and its failovers in the last 24 h. */
    health: (signal?: AbortSignal) =>
      request('/api/admin/config/apis/health', { schema: ProviderHealthResponse, signal }),
    /** The provider's live tier prices, for "our price vs provider price". */
    providerPrices: (id: string) =>
      request(`/api/admin/config/apis/${enc(id)}/provider-prices`, { schema: ProviderPricesResponse }),
    updatePricing: (apiId: string, carrier: string, service: string, body: UpdateServicePricingRequest) =>
      request(`/api/admin/config/pricing/${enc(apiId)}/${enc(carrier)}/${enc(service)}`, {
        method: 'PATCH',
        body,
        schema: ServiceResponse,
      }),
    updateReliability: (apiId: string, carrier: string, serviceName: string, body: UpdateReliabilityRequest) =>
      request(`/api/admin/config/service-reliability/${enc(apiId)}/${enc(carrier)}/${enc(serviceName)}`, {
        method: 'PATCH',
        body,
        schema: ServiceResponse,
      }),
    getDynamicPricing: (apiId: string, carrier: string, service: string) =>
      request(`/api/admin/config/dynamic-pricing/${enc(apiId)}/${enc(carrier)}/${enc(service)}`, {
        schema: DynamicPricingResponse,
      }),
    updateDynamicPricing: (apiId: string, carrier: string, service: string, body: UpdateDynamicPricingRequest) =>
      request(`/api/admin/config/dynamic-pricing/${enc(apiId)}/${enc(carrier)}/${enc(service)}`, {
        method: 'PATCH',
        body,
        schema: ServiceResponse,
      }),
  },
  /** Admin: service report (new services from the providers, obsolete ones of ours). */
  adminServices: {
    checkUpdates: (body: ServiceReportRequest = {}, signal?: AbortSignal) =>
      request('/api/admin/services/check-updates', {
        method: 'POST',
        body,
        schema: CheckUpdatesResponse,
        signal,
      }),
    cleanupReport: (body: ServiceReportRequest = {}, signal?: AbortSignal) =>
      request('/api/admin/services/cleanup-report', {
        method: 'POST',
        body,
        schema: CleanupReportResponse,
        signal,
      }),
    addServices: (body: AddServicesRequest) =>
      request('/api/admin/services/add-services', { method: 'POST', body, schema: AddServicesResponse }),
    removeServices: (body: RemoveServicesRequest) =>
      request('/api/admin/services/remove-services', { method: 'POST', body, schema: RemoveServicesResponse }),
  },
  /** Admin: one customer's custom pricing for one API. */
  adminPricing: {
    get: (userId: string, apiId: string) =>
      request(`/api/admin/users/${enc(userId)}/pricing/${enc(apiId)}`, { schema: UserPricingResponse }),
    update: (userId: string, apiId: string, body: UpdateUserPricingRequest) =>
      request(`/api/admin/users/${enc(userId)}/pricing/${enc(apiId)}`, {
        method: 'PATCH',
        body,
        schema: UpdateUserPricingResponse,
      }),
  },
};
