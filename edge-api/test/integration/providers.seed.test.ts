import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARRIER_SANDBOX_DIR, SEED_FILE } from '../../src/entries/node/carrier-sandbox';
import { PROVIDER_KEY_SECRET_FILE } from '../../src/entries/node/local-secrets';
import { call, errorOf, loginAdmin, startTestServer, type TestServer } from './helpers';
import { listApis } from './providers-support';

/** A port nothing listens on, other than `taken`. */
async function freePortOtherThan(taken: number): Promise<number> {
  for (;;) {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    if (port !== taken) return port;
  }
}

/** The embedded default's carrier sandbox across restarts of the same DATA_DIR. */
describe('embedded carrier sandbox: seeding across restarts', () => {
  let dataDir: string;
  const open: TestServer[] = [];

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'labeldesk-seed-'));
  });
  afterAll(async () => {
    await Promise.all(open.map((s) => s.close()));
    await rm(dataDir, { recursive: true, force: true });
  });

  async function start(opts: Parameters<typeof startTestServer>[0] = {}) {
    const server = await startTestServer({ ...opts, dataDir });
    open.push(server);
    return server;
  }

  it('seeds once, follows a new port, keeps keys readable, and never re-seeds what an admin deleted', async () => {
    const first = await start();
    let admin = (await loginAdmin(first)).token;
    const seeded = await listApis(first, admin);
    expect(seeded.map((a) => [a.name, a.isDefault, a.baseUrl])).toEqual([
      ['API 1', true, `${first.url}/sandbox/carrier/catalogues/alpha`],
      ['API 2', false, `${first.url}/sandbox/carrier/catalogues/beta`],
    ]);
    expect(first.logs.some((l) => l.includes('Seeded shipping APIs "API 1" and "API 2"'))).toBe(true);
    // The generated secret is kept private in DATA_DIR.
    expect((await stat(join(dataDir, PROVIDER_KEY_SECRET_FILE))).mode & 0o777).toBe(0o600);
    await first.close();

    // Same DATA_DIR on another port: the same two configs, pointing at the new address, keys still readable.
    const second = await start({ port: await freePortOtherThan(first.port) });
    expect(second.port).not.toBe(first.port);
    admin = (await loginAdmin(second)).token;
    const again = await listApis(second, admin);
    expect(again.map((a) => a._id)).toEqual(seeded.map((a) => a._id));
    expect(again.map((a) => a.baseUrl)).toEqual([
      `${second.url}/sandbox/carrier/catalogues/alpha`,
      `${second.url}/sandbox/carrier/catalogues/beta`,
    ]);
    expect(again.map((a) => a.key)).toEqual(seeded.map((a) => a.key));
    const prices = await call(second, 'GET', `/api/admin/config/apis/${again[0]?._id}/provider-prices`, {
      token: admin,
    });
    expect(prices.status, prices.text).toBe(200);
    const record = JSON.parse(await readFile(join(dataDir, CARRIER_SANDBOX_DIR, SEED_FILE), 'utf8')) as {
      apis: Array<{ baseUrl: string }>;
    };
    expect(record.apis.map((a) => a.baseUrl)).toEqual(again.map((a) => a.baseUrl));

    for (const api of again) await call(second, 'DELETE', `/api/admin/config/apis/${api._id}`, { token: admin });
    await second.close();

    const third = await start();
    admin = (await loginAdmin(third)).token;
    expect(await listApis(third, admin)).toEqual([]);
    await third.close();
  });

  it('a different PROVIDER_KEY_SECRET cannot read the stored keys: the admin is told to enter them again', async () => {
    const fresh = await mkdtemp(join(tmpdir(), 'labeldesk-seed-'));
    try {
      const a = await startTestServer({ dataDir: fresh });
      const admin = (await loginAdmin(a)).token;
      const [api] = await listApis(a, admin);
      await a.close();

      const b = await startTestServer({
        dataDir: fresh,
        providerKeySecret: 'another-provider-key-secret-0123456789abcdef',
      });
      try {
        const token = (await loginAdmin(b)).token;
        const res = await call(b, 'GET', `/api/admin/config/apis/${api?._id}/provider-prices`, { token });
        expect(res.status).toBe(502);
        expect(errorOf(res).error.message).toBe(
          'The API key of this shipping API cannot be read. Please enter it again.',
        );
      } finally {
        await b.close();
      }
    } finally {
      await rm(fresh, { recursive: true, force: true });
    }
  });
});
