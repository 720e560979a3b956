import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type CarrierSandbox, type CarrierSandboxOptions, type Clock, createCarrierSandbox } from '../src/index';

/** A clock tests move by hand. */
export function movableClock(start: string | Date): Clock & { advance(ms: number): void; set(d: string | Date): void } {
  let current = new Date(start).getTime();
  return {
    now: () => new Date(current),
    advance: (ms) => {
      current += ms;
    },
    set: (d) => {
      current = new Date(d).getTime();
    },
  };
}

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

export function tempDir(): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'sandbox-carrier-'));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Starts a sandbox and keeps track of it so `closeAll` can stop it after the test. */
export function sandboxes() {
  const open: CarrierSandbox[] = [];
  return {
    async start(opts: CarrierSandboxOptions = {}): Promise<CarrierSandbox> {
      const s = await createCarrierSandbox({ rateLimit: false, ...opts });
      open.push(s);
      return s;
    },
    async closeAll(): Promise<void> {
      await Promise.all(open.splice(0).map((s) => s.close()));
    },
  };
}

export interface JsonResponse<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  body: T;
}

/** A tiny client for one catalogue: JSON in, JSON out, X-Api-Key set unless overridden. */
export function client(baseUrl: string, apiKey: string | null) {
  async function call<T = Record<string, unknown>>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<JsonResponse<T>> {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        ...(apiKey ? { 'X-Api-Key': apiKey } : {}),
        ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
        ...headers,
      },
      ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
    });
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: (text ? JSON.parse(text) : {}) as T };
  }
  return {
    get: <T = Record<string, unknown>>(path: string, headers?: Record<string, string>) =>
      call<T>('GET', path, undefined, headers),
    post: <T = Record<string, unknown>>(path: string, body?: unknown, headers?: Record<string, string>) =>
      call<T>('POST', path, body ?? {}, headers),
  };
}

export interface ErrorBody {
  error: { code: string; message: string; details?: Array<{ field: string; message: string }> } & Record<
    string,
    unknown
  >;
}

export interface ServiceBody {
  carrier: string;
  name: string;
  serviceCode: string;
  status: 'active' | 'inactive';
  maxWeight: number;
  weightUnit: 'lbs' | 'oz';
  prices: Array<{ fromWeight: number; toWeight: number; price: number }>;
  transitDays: { min: number; max: number };
  templates: string[];
}

export interface LabelBody {
  labelId: string;
  status: 'created' | 'voided';
  carrier: string;
  service: string;
  serviceCode: string;
  template: string | null;
  trackingNumber: string;
  price: number;
  currency: string;
  billedWeight: number;
  billedWeightUnit: string;
  estimatedDelivery: string;
  createdAt: string;
  voidedAt: string | null;
  labelUrl: string;
  labelPdf?: string;
  to: { name: string; city: string; state: string; zip: string };
}

export interface TrackingBody {
  trackingNumber: string;
  carrier: string;
  status: string;
  estimatedDelivery: string | null;
  deliveredAt: string | null;
  events: Array<{ status: string; description: string; location: string; occurredAt: string }>;
}

export const FROM = {
  name: 'Ada Shipper',
  company: 'Acme Widgets',
  street1: '1 Main St',
  city: 'New York',
  state: 'NY',
  zip: '10001',
  phone: '212-555-0100',
};

export const TO = {
  name: 'Grace Receiver',
  street1: '500 Market St',
  street2: 'Suite 200',
  city: 'San Francisco',
  state: 'CA',
  zip: '94105',
};

export function labelRequest(serviceCode: string, weight = 3.2, weightUnit: 'lbs' | 'oz' = 'lbs', extra = {}) {
  return {
    serviceCode,
    from: FROM,
    to: TO,
    package: { weight, weightUnit, length: 10, width: 8, height: 4, description: 'Books' },
    ...extra,
  };
}
