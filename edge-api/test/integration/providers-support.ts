import { ApiConfigListResponse, type ShippingApiConfig } from '@labeldesk/contracts';
import type { CarrierSandboxApp } from '@labeldesk/sandbox-carrier';
import { call, type TestServer } from './helpers';

/** The embedded carrier sandbox of a test server (CARRIER_SANDBOX=on, the default). */
export function carrierOf(server: TestServer): CarrierSandboxApp {
  if (!server.carrier) throw new Error('this server runs without the embedded carrier sandbox');
  return server.carrier;
}

export async function listApis(server: TestServer, admin: string): Promise<ShippingApiConfig[]> {
  const res = await call(server, 'GET', '/api/admin/config/apis', { token: admin });
  if (res.status !== 200) throw new Error(`list apis: ${res.status} ${res.text}`);
  return ApiConfigListResponse.parse(res.body).apis;
}

/** The seeded configs: "API 1" (catalogue alpha, default) and "API 2" (beta). */
export async function seededApis(server: TestServer, admin: string) {
  const apis = await listApis(server, admin);
  const api1 = apis.find((a) => a.name === 'API 1');
  const api2 = apis.find((a) => a.name === 'API 2');
  if (!api1 || !api2) throw new Error(`seeded APIs missing: ${apis.map((a) => a.name).join(', ')}`);
  return { api1, api2 };
}

export const enc = encodeURIComponent;

/**
 * Turns failover off for tests about one API's own behaviour (reconciliation, unusable answers, outages): "API 2" no
 * longer takes purchases that fail on "API 1", so they wait for API 1 as they would with a single provider.
 */
export async function withoutFailover(server: TestServer, admin: string): Promise<void> {
  const { api2 } = await seededApis(server, admin);
  const res = await call(server, 'PATCH', `/api/admin/config/apis/${api2._id}/failover`, {
    token: admin,
    json: { failoverTarget: false },
  });
  if (res.status !== 200) throw new Error(`failover off: ${res.status} ${res.text}`);
}
