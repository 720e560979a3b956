import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createBtcpaySandbox } from '@labeldesk/sandbox-btcpay';
import { createCarrierSandbox, serveKindSandboxes } from '@labeldesk/sandbox-carrier';
import { createClient } from '@libsql/client';
import { drizzle } from 'drizzle-orm/libsql';
import { migrate } from 'drizzle-orm/libsql/migrator';
import type { TestProject } from 'vitest/node';
import type {} from '../provided-context';
import { startHranaServer } from './hrana-server';
import { startMemoryProbe } from './memory-probe';
import { startResendStandIn } from './resend-stand-in';
import { startWebhookReceiver } from './webhook-receiver';

/**
 * Runs in Node before the Worker tests: a libSQL file migrated with the same drizzle-kit folder, served over Hrana
 * HTTP, so `turso.test.ts` can run the Worker with TURSO_URL set against a real libSQL database; and a BTCPay
 * sandbox, so `payments.test.ts` can run the Worker's processor adapter (workerd's fetch) against Greenfield.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = await mkdtemp(path.join(tmpdir(), 'labeldesk-turso-'));
  const fileUrl = `file:${path.join(dir, 'turso.db')}`;
  const migrator = createClient({ url: fileUrl });
  await migrate(drizzle(migrator), { migrationsFolder: path.join(import.meta.dirname, '../../../migrations') });
  migrator.close();

  const authToken = 'test-turso-token';
  const server = await startHranaServer(fileUrl, authToken);
  project.provide('tursoUrl', server.url);
  project.provide('tursoAuthToken', authToken);

  // No webhook: the Worker is not reachable from here, so the tests sign deliveries themselves.
  const btcpay = await createBtcpaySandbox({
    storeId: 'workers-store',
    apiKey: 'workers-api-key',
    settlementDelayMs: 0,
  });
  project.provide('btcpay', { url: btcpay.url, storeId: btcpay.storeId, apiKey: btcpay.apiKey });

  // The label provider sandbox, so `providers.test.ts` runs the provider adapter and the SSRF guard in workerd.
  const carrier = await createCarrierSandbox({ rateLimit: false, controlKey: 'workers-carrier-control' });
  const catalogue = (id: string) => {
    const c = carrier.catalogues[id];
    if (!c) throw new Error(`carrier sandbox has no catalogue ${id}`);
    return { baseUrl: c.baseUrl, apiKey: c.apiKey };
  };
  project.provide('carrier', {
    url: carrier.url,
    controlKey: 'workers-carrier-control',
    alpha: catalogue('alpha'),
    beta: catalogue('beta'),
  });
  // A second carrier of its own for `bulk-orders.test.ts`, whose rate limit it switches (no other file is affected).
  const bulkCarrier = await createCarrierSandbox({ rateLimit: false, controlKey: 'workers-bulk-carrier-control' });
  const bulkAlpha = bulkCarrier.catalogues.alpha;
  const bulkBeta = bulkCarrier.catalogues.beta;
  if (!bulkAlpha || !bulkBeta) throw new Error('carrier sandbox has no catalogue alpha or beta');
  project.provide('bulkCarrier', {
    url: bulkCarrier.url,
    controlKey: 'workers-bulk-carrier-control',
    alpha: { baseUrl: bulkAlpha.baseUrl, apiKey: bulkAlpha.apiKey },
    // The test-mode sandbox of the public API test (TEST_MODE_SANDBOXES): alpha plays the real upstream there.
    beta: { baseUrl: bulkBeta.baseUrl, apiKey: bulkBeta.apiKey },
  });
  // The EasyPost- and Shippo-protocol sandboxes (what the Node entry serves under /sandbox/easypost and
  // /sandbox/shippo), so `failover.test.ts` and `providers-shippo.test.ts` buy through those adapters in workerd. Their
  // controls are in-process; the Worker tests reach them over HTTP under /_controls/{kind}/… (X-Sandbox-Key).
  const kinds = await serveKindSandboxes({ controlKey: 'workers-kind-sandboxes-control' });
  const kindInfo = (kind: 'easypost' | 'shippo') => ({
    url: kinds.url,
    baseUrl: kinds.baseUrls[kind],
    controls: `${kinds.url}/_controls/${kind}`,
    controlKey: 'workers-kind-sandboxes-control',
  });
  project.provide('easypost', kindInfo('easypost'));
  project.provide('shippo', kindInfo('shippo'));
  // A Resend (email API) stand-in, so `mail.test.ts` runs the Worker's mail adapter against real HTTP.
  const resendKey = 're_workers_test_key';
  const resend = await startResendStandIn(resendKey);
  project.provide('resend', { url: resend.url, apiKey: resendKey });
  // A webhook receiver, so `webhooks.test.ts` delivers signed events through the Queue to real HTTP.
  const receiver = await startWebhookReceiver();
  project.provide('webhookReceiver', { url: receiver.url });
  // The resident memory of the workerd process a test runs in, so `bulk-labels.test.ts` bounds a build's peak memory.
  const memoryProbe = await startMemoryProbe();
  project.provide('memoryProbe', { url: memoryProbe.url });
  return async () => {
    await memoryProbe.close();
    await receiver.close();
    await resend.close();
    await kinds.close();
    await bulkCarrier.close();
    await carrier.close();
    await btcpay.close();
    await server.close();
    await rm(dir, { recursive: true, force: true });
  };
}
