import { HealthResponse, LivenessResponse } from '@labeldesk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, type TestServer } from './helpers';

describe('GET /api/health', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  it('answers ok for the node runtime after a database round trip, without auth', async () => {
    const before = Date.now();
    const res = await call(server, 'GET', '/api/health');
    expect(res.status).toBe(200);
    const body = HealthResponse.parse(res.body);
    expect(body).toMatchObject({ status: 'ok', runtime: 'node', database: 'ok' });
    expect(Date.parse(body.time)).toBeGreaterThanOrEqual(before - 1000);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('carries a request id and the security headers', async () => {
    const a = await call(server, 'GET', '/api/health');
    const b = await call(server, 'GET', '/api/health');
    expect(a.headers.get('x-request-id')).toMatch(/^req_/);
    expect(a.headers.get('x-request-id')).not.toBe(b.headers.get('x-request-id'));
    expect(a.headers.get('x-content-type-options')).toBe('nosniff');
    expect(a.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });

  it('reports the database as unavailable (503) when it cannot answer', async () => {
    const broken = await startTestServer();
    try {
      // Close the database under the running server: the next select 1 fails.
      const client = (broken.services.db as unknown as { $client: { close(): void } }).$client;
      client.close();
      const res = await call(broken, 'GET', '/api/health');
      expect(res.status).toBe(503);
      expect(res.body).toEqual({
        error: { code: 'upstream_unavailable', message: 'Database unavailable', details: [] },
      });
      // Liveness does not depend on the database: the process itself still serves.
      const live = await call(broken, 'GET', '/api/health/live');
      expect(live.status).toBe(200);
      expect(LivenessResponse.parse(live.body)).toEqual({ status: 'ok' });
    } finally {
      await broken.stop().catch(() => {});
    }
  });
});
