import {
  type AddressInput,
  AddressListResponse,
  AddressResponse,
  AllServicesResponse,
  AmazonConfirmationsResponse,
  type AmazonConfirmRequest,
  AmazonConfirmResponse,
  AmazonForgetCredentialsResponse,
  AmazonSavedCredentialsResponse,
  type ApiKeyMode,
  ApiKeyResponse,
  AppSettings,
  AuthResponse,
  BalanceResponse,
  BulkCancelResponse,
  type BulkHistoryQuery,
  BulkHistoryResponse,
  BulkLabelLinkResponse,
  BulkOrderDetailResponse,
  type BulkProcessRequest,
  BulkProcessResponse,
  type BulkValidateRequest,
  BulkValidateResponse,
  type CalculatePriceRequest,
  CalculatePriceResponse,
  type ChangeEmailRequest,
  ChangeEmailResponse,
  type ChangePasswordRequest,
  type ConfirmIdentityRequest,
  type CreateInvoiceRequest,
  CreateInvoiceResponse,
  type CreateOrderRequest,
  CreateOrderResponse,
  CustomerApiListResponse,
  DefaultApiResponse,
  EmailVerificationStatus,
  FaqListResponse,
  type ForgotPasswordRequest,
  LabelLinkResponse,
  LabelSettings,
  type ListQuery,
  type LoginRequest,
  LoginResponse,
  MessageResponse,
  NotificationSettings,
  NotificationSettingsResponse,
  OrderCounts,
  OrderDateRangeResponse,
  type OrderListQuery,
  OrderListResponse,
  OrderResponse,
  OrderStats,
  PendingCryptoPaymentsResponse,
  PublicSettings,
  RefreshPaymentResponse,
  RefreshStatsResponse,
  type RefreshUserTrackingRequest,
  RefreshUserTrackingResponse,
  RegenerateApiKeyResponse,
  type RegisterRequest,
  type ResetPasswordRequest,
  RevokeSessionsResponse,
  ServiceReliabilityResponse,
  SessionListResponse,
  TrackingInfo,
  TrackingRefreshResponse,
  TrackingRefreshRun,
  TransactionListResponse,
  type TwoFactorDisableRequest,
  type TwoFactorEnableRequest,
  TwoFactorEnableResponse,
  TwoFactorSetupResponse,
  TwoFactorStatus,
  type TwoFactorVerifyRequest,
  type UpdateAppSettingsRequest,
  type UpdateLabelSettingsRequest,
  type UpdateNotificationSettingsRequest,
  type V1CreateWebhookEndpointRequest,
  type V1UpdateWebhookEndpointRequest,
  V1WebhookDeliveriesResponse,
  V1WebhookEndpointDeletedResponse,
  V1WebhookEndpointResponse,
  V1WebhookEndpointSecretResponse,
  V1WebhookEndpointsResponse,
  V1WebhookReplayResponse,
  type VerifyEmailRequest,
  VerifyEmailResponse,
  VerifyResponse,
  VoidOrderResponse,
} from '@labeldesk/contracts';
import { z } from 'zod';
import { adminApi } from './admin-endpoints';
import { request, requestText } from './http';
import { enc, listQuery } from './query';

/** The typed API: one function per call of SPEC §7, each validated against the shared contract. */
export const api = {
  auth: {
    /** A session, or `{mfaRequired, mfaToken}` when the account has two-factor sign-in on (then `twoFactor.verify`). */
    login: (body: LoginRequest) =>
      request('/api/auth/login', { method: 'POST', body, schema: LoginResponse, auth: false }),
    register: (body: RegisterRequest) =>
      request('/api/auth/register', { method: 'POST', body, schema: AuthResponse, auth: false }),
    verify: () => request('/api/auth/verify', { schema: VerifyResponse }),
    verifyAdmin: () => request('/api/auth/verify-admin', { schema: VerifyResponse }),
    /** Revokes the session of `token` on the server (sent as given: the caller may already have cleared storage). */
    logout: (token: string) =>
      request('/api/auth/logout', {
        method: 'POST',
        schema: MessageResponse,
        auth: false,
        headers: { Authorization: `Bearer ${token}` },
        keepalive: true,
      }),
    changePassword: (body: ChangePasswordRequest) =>
      request('/api/auth/change-password', { method: 'POST', body, schema: MessageResponse }),
    changeEmail: (body: ChangeEmailRequest) =>
      request('/api/auth/change-email', { method: 'POST', body, schema: ChangeEmailResponse }),
    /** Same answer whether or not the address has an account. */
    forgotPassword: (body: ForgotPasswordRequest) =>
      request('/api/auth/forgot-password', { method: 'POST', body, schema: MessageResponse, auth: false }),
    resetPassword: (body: ResetPasswordRequest) =>
      request('/api/auth/reset-password', { method: 'POST', body, schema: MessageResponse, auth: false }),
    /** The caller's address and whether it is verified. */
    emailVerification: () => request('/api/auth/verify-email', { schema: EmailVerificationStatus }),
    /** The verification mail's token; no session needed (the link may be opened in another browser). */
    verifyEmail: (body: VerifyEmailRequest) =>
      request('/api/auth/verify-email', { method: 'POST', body, schema: VerifyEmailResponse, auth: false }),
    resendEmailVerification: () =>
      request('/api/auth/verify-email/resend', { method: 'POST', schema: MessageResponse }),
  },
  twoFactor: {
    status: () => request('/api/auth/2fa', { schema: TwoFactorStatus }),
    setup: () => request('/api/auth/2fa/setup', { method: 'POST', schema: TwoFactorSetupResponse }),
    enable: (body: TwoFactorEnableRequest) =>
      request('/api/auth/2fa/enable', { method: 'POST', body, schema: TwoFactorEnableResponse }),
    disable: (body: TwoFactorDisableRequest) =>
      request('/api/auth/2fa/disable', { method: 'POST', body, schema: MessageResponse }),
    /** The login's second step: the mfaToken and a code from the app or a recovery code. */
    verify: (body: TwoFactorVerifyRequest) =>
      request('/api/auth/2fa/verify', { method: 'POST', body, schema: AuthResponse, auth: false }),
  },
  /** The caller's own sign-in sessions: list, sign one out, sign out all the others. */
  sessions: {
    list: () => request('/api/auth/sessions', { schema: SessionListResponse }),
    /** Signing out asks for the password or a code again (ConfirmIdentityRequest). */
    revoke: (id: string, body: ConfirmIdentityRequest) =>
      request(`/api/auth/sessions/${enc(id)}`, { method: 'DELETE', body, schema: RevokeSessionsResponse }),
    revokeOthers: (body: ConfirmIdentityRequest) =>
      request('/api/auth/sessions/revoke-others', { method: 'POST', body, schema: RevokeSessionsResponse }),
  },
  settings: {
    publicSettings: () => request('/api/settings/public-settings', { schema: PublicSettings, auth: false }),
    get: () => request('/api/settings/app-settings', { schema: AppSettings }),
    update: (body: UpdateAppSettingsRequest) =>
      request('/api/settings/app-settings', {
        method: 'PUT',
        body,
        schema: AppSettings.extend({ message: z.string() }),
      }),
  },
  faqs: {
    list: () => request('/api/faqs', { schema: FaqListResponse }),
  },
  balance: {
    get: () => request('/api/balance', { schema: BalanceResponse }),
    transactions: (q?: ListQuery, signal?: AbortSignal) =>
      request(`/api/balance/transactions${listQuery(q)}`, {
        schema: TransactionListResponse,
        signal,
      }),
  },
  crypto: {
    createInvoice: (body: CreateInvoiceRequest) =>
      request('/api/crypto/create-invoice', { method: 'POST', body, schema: CreateInvoiceResponse }),
    pending: () => request('/api/crypto/transactions', { schema: PendingCryptoPaymentsResponse }),
    refresh: (transactionId: string) =>
      request(`/api/crypto/refresh/${enc(transactionId)}`, { method: 'POST', schema: RefreshPaymentResponse }),
  },
  addresses: {
    list: () => request('/api/addresses', { schema: AddressListResponse }),
    senders: () => request('/api/addresses/type/sender', { schema: AddressListResponse }),
    create: (body: AddressInput) => request('/api/addresses', { method: 'POST', body, schema: AddressResponse }),
    update: (id: string, body: AddressInput) =>
      request(`/api/addresses/${enc(id)}`, { method: 'PUT', body, schema: AddressResponse }),
    remove: (id: string) => request(`/api/addresses/${enc(id)}`, { method: 'DELETE', schema: MessageResponse }),
  },
  /** Customer: label purchases and order history (SPEC §7 orders). */
  orders: {
    calculatePrice: (body: CalculatePriceRequest, signal?: AbortSignal) =>
      request('/api/orders/calculate-price', {
        method: 'POST',
        body,
        schema: CalculatePriceResponse,
        signal,
      }),
    /** `idempotencyKey`: one per purchase attempt (e.g. crypto.randomUUID() when the form is submitted). */
    create: (body: CreateOrderRequest, idempotencyKey: string) =>
      request('/api/orders', {
        method: 'POST',
        body,
        schema: CreateOrderResponse,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
    list: (q?: OrderListQuery, signal?: AbortSignal) =>
      request(`/api/orders${listQuery(q)}`, { schema: OrderListResponse, signal }),
    counts: () => request('/api/orders/counts', { schema: OrderCounts }),
    get: (id: string) => request(`/api/orders/${enc(id)}`, { schema: OrderResponse }),
    /** Voids a bought label (the customer's own; an admin's session: any customer's, refunded to its owner). */
    void: (id: string, idempotencyKey: string) =>
      request(`/api/orders/${enc(id)}/void`, {
        method: 'POST',
        schema: VoidOrderResponse,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
    stats: () => request('/api/orders/stats/overview', { schema: OrderStats }),
    /** YYYY-MM-DD, end day inclusive. */
    dateRange: (startDate: string, endDate: string) =>
      request(`/api/orders/date-range/${enc(startDate)}/${enc(endDate)}`, { schema: OrderDateRangeResponse }),
  },
  /** Customer: bulk orders from a CSV (SPEC §7 bulk calls). */
  bulk: {
    /** Prices every row on the server; nothing is bought or held. */
    validate: (body: BulkValidateRequest, signal?: AbortSignal) =>
      request('/api/orders/bulk/validate', {
        method: 'POST',
        body,
        schema: BulkValidateResponse,
        signal,
      }),
    /**
     * Holds the total and starts buying the rows in the background. `idempotencyKey`: one per Pay confirmation, so a
     * retried request never holds twice.
     */
    process: (body: BulkProcessRequest, idempotencyKey?: string) =>
      request('/api/orders/bulk/process', {
        method: 'POST',
        body,
        schema: BulkProcessResponse,
        ...(idempotencyKey ? { headers: { 'Idempotency-Key': idempotencyKey } } : {}),
      }),
    history: (q?: BulkHistoryQuery, signal?: AbortSignal) =>
      request(`/api/orders/bulk/history${listQuery(q)}`, {
        schema: BulkHistoryResponse,
        signal,
      }),
    get: (id: string) => request(`/api/orders/bulk/${enc(id)}`, { schema: BulkOrderDetailResponse }),
    /** The failed rows as CSV text (save it as failed-orders-{bulkOrderId}.csv). */
    failedCsv: (id: string) => requestText(`/api/orders/bulk/${enc(id)}/failed-csv`),
    /** Stops the rows not bought yet and refunds them (the owner, or an admin for any bulk order). */
    cancel: (id: string) =>
      request(`/api/orders/bulk/${enc(id)}/cancel`, { method: 'POST', schema: BulkCancelResponse }),
  },
  /** Customer: confirm a bulk order's Amazon orders (SPEC §7 Amazon); the conversion itself runs in the browser. */
  amazon: {
    confirmOrders: (body: AmazonConfirmRequest) =>
      request('/api/amazon/confirm-orders', { method: 'POST', body, schema: AmazonConfirmResponse }),
    savedCredentials: (includeCredentials = true) =>
      request(`/api/amazon/saved-credentials${includeCredentials ? '?includeCredentials=true' : ''}`, {
        schema: AmazonSavedCredentialsResponse,
      }),
    /** Deletes the caller's saved cookies and CSRF token; idempotent (200, `forgotten` false when none were saved). */
    forgetSavedCredentials: () =>
      request('/api/amazon/saved-credentials', { method: 'DELETE', schema: AmazonForgetCredentialsResponse }),
    /** Each order's confirmation state (confirmed, refused with the marketplace's reason, failed). */
    confirmations: (bulkOrderId: string) =>
      request(`/api/amazon/confirmations/${enc(bulkOrderId)}`, { schema: AmazonConfirmationsResponse }),
  },
  /** Short-lived links signed for one label: open them in a new tab (no session token in the URL). */
  labels: {
    link: (orderId: string) =>
      request(`/api/labels/${enc(orderId)}/link`, { method: 'POST', schema: LabelLinkResponse }),
    /** The combined labels PDF of a bulk order (one page per label, in row order); owner or admin. */
    bulkLink: (bulkOrderId: string) =>
      request(`/api/labels/bulk/${enc(bulkOrderId)}/link`, { method: 'POST', schema: BulkLabelLinkResponse }),
    /** The caller's label settings: the format labels open in by default and the thermal printer's dpi (issue 24). */
    settings: () => request('/api/label-settings', { schema: LabelSettings }),
    updateSettings: (body: UpdateLabelSettingsRequest) =>
      request('/api/label-settings', { method: 'PUT', body, schema: LabelSettings }),
  },
  /** The caller's notification mails (issue 23): which are on, and the low-balance threshold (USD, null: off). */
  notifications: {
    settings: () => request('/api/notification-settings', { schema: NotificationSettings }),
    update: (body: UpdateNotificationSettingsRequest) =>
      request('/api/notification-settings', { method: 'PUT', body, schema: NotificationSettingsResponse }),
  },
  /** The customer's public API keys (SPEC §7): live (apiKey) and test. */
  apiKeys: {
    get: () => request('/api/user/api-key', { schema: ApiKeyResponse }),
    regenerate: (mode: ApiKeyMode = 'live') =>
      request(`/api/user/api-key/regenerate?mode=${enc(mode)}`, { method: 'POST', schema: RegenerateApiKeyResponse }),
  },
  /** The customer's live webhook endpoints with the session (the API page's Webhooks tab; the same as /api/v1's). */
  webhooks: {
    list: () => request('/api/webhook-endpoints', { schema: V1WebhookEndpointsResponse }),
    create: (body: V1CreateWebhookEndpointRequest) =>
      request('/api/webhook-endpoints', { method: 'POST', body, schema: V1WebhookEndpointSecretResponse }),
    update: (id: string, body: V1UpdateWebhookEndpointRequest) =>
      request(`/api/webhook-endpoints/${enc(id)}`, { method: 'PATCH', body, schema: V1WebhookEndpointResponse }),
    remove: (id: string) =>
      request(`/api/webhook-endpoints/${enc(id)}`, { method: 'DELETE', schema: V1WebhookEndpointDeletedResponse }),
    rotateSecret: (id: string) =>
      request(`/api/webhook-endpoints/${enc(id)}/rotate-secret`, {
        method: 'POST',
        schema: V1WebhookEndpointSecretResponse,
      }),
    deliveries: (id: string) =>
      request(`/api/webhook-endpoints/${enc(id)}/deliveries`, { schema: V1WebhookDeliveriesResponse }),
    replay: (deliveryId: string) =>
      request(`/api/webhook-deliveries/${enc(deliveryId)}/replay`, { method: 'POST', schema: V1WebhookReplayResponse }),
  },
  tracking: {
    get: (orderId: string) => request(`/api/tracking/${enc(orderId)}`, { schema: TrackingInfo }),
    refresh: (orderId: string) =>
      request(`/api/tracking/${enc(orderId)}/refresh`, { method: 'POST', schema: TrackingRefreshResponse }),
    /** Admin: a customer's labels by delivery status and the latest refresh run. */
    refreshStats: (userId: string) =>
      request(`/api/tracking/refresh-stats/${enc(userId)}`, { schema: RefreshStatsResponse }),
    /** Admin: starts (or answers the running) tracking refresh of a customer's labels (202 + the run). */
    refreshUser: (userId: string, body: RefreshUserTrackingRequest) =>
      request(`/api/tracking/refresh-user/${enc(userId)}`, {
        method: 'POST',
        body,
        schema: RefreshUserTrackingResponse,
      }),
    /** Admin: one refresh run, polled while it runs. */
    refreshRun: (runId: string) => request(`/api/tracking/refresh-runs/${enc(runId)}`, { schema: TrackingRefreshRun }),
  },
  /** Customer: the shipping APIs and services they can buy from (SPEC §7 shipping calls). */
  shipping: {
    apis: () => request('/api/shipping/apis', { schema: CustomerApiListResponse }),
    defaultApi: () => request('/api/shipping/default-api', { schema: DefaultApiResponse }),
    /** Enabled services of one API (the default without `apiId`) with this customer's price. */
    allServices: (apiId?: string) =>
      request(`/api/shipping/all-services${apiId ? `?apiId=${enc(apiId)}` : ''}`, { schema: AllServicesResponse }),
    reliability: () => request('/api/shipping/services/reliability', { schema: ServiceReliabilityResponse }),
  },
  ...adminApi,
};
export type Api = typeof api;
