import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  type CarrierSandboxApp,
  type CarrierSandboxOptions,
  createCarrierSandboxApp,
} from '@labeldesk/sandbox-carrier';
import { and, count, eq } from 'drizzle-orm';
import { z } from 'zod';
import { shippingApis } from '../../db/schema/shipping-apis';
import type { Services } from '../../env';
import { seedApiConfigs } from '../../use-cases/shipping-apis/seed-api-configs';

/** Where the embedded carrier sandbox keeps its catalogues (labels, API keys) and our seed record, under DATA_DIR. */
export const CARRIER_SANDBOX_DIR = 'carrier-sandbox';
/** Mounted on the API's own port under this path. */
export const CARRIER_SANDBOX_BASE_PATH = '/sandbox/carrier';
export const SEED_FILE = 'seed.json';

/** The configs seeded on the first start: "API 1" (alpha, default) and "API 2" (beta). */
export const SEEDED_APIS = [
  { name: 'API 1', catalogueId: 'alpha', isDefault: true },
  { name: 'API 2', catalogueId: 'beta', isDefault: false },
] as const;

const SeedRecord = z.object({
  seededAt: z.string(),
  apis: z.array(z.object({ apiId: z.string(), catalogueId: z.string(), baseUrl: z.string() })),
});
type SeedRecord = z.infer<typeof SeedRecord>;

export type CarrierSandboxOverrides = Partial<Omit<CarrierSandboxOptions, 'port' | 'host' | 'dataDir'>>;

/** The carrier sandbox as a sub-app of the Node server, state in DATA_DIR/carrier-sandbox. */
export async function createEmbeddedCarrierSandbox(
  dataDir: string,
  overrides: CarrierSandboxOverrides = {},
): Promise<CarrierSandboxApp> {
  const dir = join(dataDir, CARRIER_SANDBOX_DIR);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  return createCarrierSandboxApp({ basePath: CARRIER_SANDBOX_BASE_PATH, dataDir: dir, ...overrides });
}

async function readSeedRecord(path: string): Promise<SeedRecord | undefined> {
  try {
    return SeedRecord.parse(JSON.parse(await readFile(path, 'utf8')));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new Error(`${path} is unreadable; delete it to seed again`, { cause: err });
  }
}

async function writeSeedRecord(path: string, record: SeedRecord): Promise<void> {
  await writeFile(`${path}.tmp`, `${JSON.stringify(record, null, 2)}\n`, { mode: 0o600 });
  await rename(`${path}.tmp`, path);
}

/**
 * First start on a fresh DATA_DIR (no seed record, no configs): seeds "API 1" (catalogue alpha, default) and "API 2"
 * (beta) with all their services, over HTTP to the sandbox on this very server. Later starts seed nothing (even if an
 * admin deleted the configs); when the server's address changed (another PORT), the seeded configs that still point
 * at the old address follow it. A failure is logged and retried on the next start.
 */
export async function seedCarrierSandboxApis(
  services: Services,
  opts: { sandbox: CarrierSandboxApp; origin: string; dataDir: string; log: (line: string) => void },
): Promise<void> {
  opts.log(
    `[labeldesk] Carrier sandbox (label provider, sandbox labels only) under ${opts.origin}${opts.sandbox.basePath}; set CARRIER_SANDBOX=off to turn it off`,
  );
  try {
    await seedOrFollow(services, opts);
  } catch (err) {
    opts.log(
      `[labeldesk] Could not seed the carrier sandbox APIs (will retry on the next start): ${err instanceof Error ? err.message : String(err)}`,
    );
  }
}

async function seedOrFollow(
  services: Services,
  opts: { sandbox: CarrierSandboxApp; origin: string; dataDir: string; log: (line: string) => void },
): Promise<void> {
  const path = join(opts.dataDir, CARRIER_SANDBOX_DIR, SEED_FILE);
  const record = await readSeedRecord(path);
  const { db, clock } = services;
  if (record) {
    let changed = false;
    const apis = [];
    for (const entry of record.apis) {
      const baseUrl = opts.sandbox.baseUrlFor(opts.origin, entry.catalogueId);
      if (baseUrl !== entry.baseUrl) {
        await db
          .update(shippingApis)
          .set({ baseUrl, updatedAt: clock.now().toISOString() })
          .where(and(eq(shippingApis.id, entry.apiId), eq(shippingApis.baseUrl, entry.baseUrl)));
        changed = true;
      }
      apis.push({ ...entry, baseUrl });
    }
    if (changed) await writeSeedRecord(path, { ...record, apis });
    return;
  }

  const [existing] = await db.select({ n: count() }).from(shippingApis);
  if ((existing?.n ?? 0) > 0) {
    // Configured by hand before the sandbox was turned on: leave them alone.
    await writeSeedRecord(path, { seededAt: clock.now().toISOString(), apis: [] });
    return;
  }
  const planned = SEEDED_APIS.flatMap((api) => {
    const handle = opts.sandbox.catalogues[api.catalogueId];
    return handle
      ? [{ ...api, apiKey: handle.apiKey, baseUrl: opts.sandbox.baseUrlFor(opts.origin, api.catalogueId) }]
      : [];
  });
  const ids = await seedApiConfigs(services, planned);
  await writeSeedRecord(path, {
    seededAt: clock.now().toISOString(),
    apis: planned.map((p, i) => ({ apiId: ids[i] ?? '', catalogueId: p.catalogueId, baseUrl: p.baseUrl })),
  });
  opts.log(`[labeldesk] Seeded shipping APIs ${planned.map((p) => `"${p.name}"`).join(' and ')} (carrier sandbox)`);
}
