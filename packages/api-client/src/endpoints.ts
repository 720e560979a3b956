import {
  type AddressInput,
  AddressListResponse,
  AddressResponse,
  AppSettings,
  AuthResponse,
  type CreateFaqRequest,
  FaqListResponse,
  FaqResponse,
  type LoginRequest,
  MessageResponse,
  PublicSettings,
  type RegisterRequest,
  type UpdateAppSettingsRequest,
  type UpdateFaqRequest,
  VerifyResponse,
} from '@labeldesk/contracts';
import { z } from 'zod';
import { request } from './http';

const enc = encodeURIComponent;

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
