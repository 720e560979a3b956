import {
  type AddressInput,
  AddressListResponse,
  AddressResponse,
  AdminUserListResponse,
  AppSettings,
  AuthResponse,
  BalanceResponse,
  type CreateFaqRequest,
  type CreateInvoiceRequest,
  CreateInvoiceResponse,
  DepositListResponse,
  FaqListResponse,
  FaqResponse,
  type ListQuery,
  type LoginRequest,
  MessageResponse,
  PendingCryptoPaymentsResponse,
  PublicSettings,
  RefreshPaymentResponse,
  type RegisterRequest,
  TransactionListResponse,
  type UpdateAppSettingsRequest,
  type UpdateBalanceRequest,
  UpdateBalanceResponse,
  type UpdateFaqRequest,
  VerifyResponse,
} from '@labeldesk/contracts';
import { z } from 'zod';
import { request } from './http';

const enc = encodeURIComponent;

/** `?page=1&limit=10&search=...` from a list query, leaving out empty values. */
function listQuery(q: ListQuery = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(q)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The typed API: one function per call of SPEC §7, each validated against the shared contract. */
export const api = {
  auth: {
    login: (body: LoginRequest) =>
      request('/api/auth/login', { method: 'POST', body, schema: AuthResponse, auth: false }),
    register: (body: RegisterRequest) =>
      request('/api/auth/register', { method: 'POST', body, schema: AuthResponse, auth: false }),
    verify: () => request('/api/auth/verify', { schema: VerifyResponse }),
    verifyAdmin: () => request('/api/auth/verify-admin', { schema: VerifyResponse }),
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
  adminFaqs: {
    list: () => request('/api/admin/faqs', { schema: FaqListResponse }),
    create: (body: CreateFaqRequest) => request('/api/admin/faqs', { method: 'POST', body, schema: FaqResponse }),
    update: (id: string, body: UpdateFaqRequest) =>
      request(`/api/admin/faqs/${enc(id)}`, { method: 'PUT', body, schema: FaqResponse }),
    remove: (id: string) => request(`/api/admin/faqs/${enc(id)}`, { method: 'DELETE', schema: MessageResponse }),
  },
  balance: {
    get: () => request('/api/balance', { schema: BalanceResponse }),
    transactions: (q?: ListQuery) =>
      request(`/api/balance/transactions${listQuery(q)}`, { schema: TransactionListResponse }),
  },
  crypto: {
    createInvoice: (body: CreateInvoiceRequest) =>
      request('/api/crypto/create-invoice', { method: 'POST', body, schema: CreateInvoiceResponse }),
    pending: () => request('/api/crypto/transactions', { schema: PendingCryptoPaymentsResponse }),
    refresh: (transactionId: string) =>
      request(`/api/crypto/refresh/${enc(transactionId)}`, { method: 'POST', schema: RefreshPaymentResponse }),
  },
  adminUsers: {
    list: () => request('/api/admin/users', { schema: AdminUserListResponse }),
    updateBalance: (id: string, body: UpdateBalanceRequest) =>
      request(`/api/admin/users/${enc(id)}/balance`, { method: 'PATCH', body, schema: UpdateBalanceResponse }),
  },
  adminDeposits: {
    list: (q?: ListQuery) => request(`/api/admin/deposits${listQuery(q)}`, { schema: DepositListResponse }),
  },
  addresses: {
    list: () => request('/api/addresses', { schema: AddressListResponse }),
    senders: () => request('/api/addresses/type/sender', { schema: AddressListResponse }),
    create: (body: AddressInput) => request('/api/addresses', { method: 'POST', body, schema: AddressResponse }),
    update: (id: string, body: AddressInput) =>
      request(`/api/addresses/${enc(id)}`, { method: 'PUT', body, schema: AddressResponse }),
    remove: (id: string) => request(`/api/addresses/${enc(id)}`, { method: 'DELETE', schema: MessageResponse }),
  },
};
export type Api = typeof api;
