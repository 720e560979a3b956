import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type BtcpaySandbox, type BtcpaySandboxOptions, createBtcpaySandbox } from '@labeldesk/sandbox-btcpay';
import { z } from 'zod';
import { greenfieldProcessor } from '../../adapters/btcpay/greenfield-processor';
import type { PaymentProcessor } from '../../ports/payment-processor';
import type { NodeConfig } from './config';

/** Where the embedded sandbox keeps its state and the credentials we generated for it (under DATA_DIR). */
export const SANDBOX_DIR = 'btcpay-sandbox';
export const SANDBOX_CREDENTIALS_FILE = 'credentials.json';

const Credentials = z.object({
  storeId: z.string().min(1),
  apiKey: z.string().min(16),
  webhookSecret: z.string().min(16),
  /** The port it listened on last time, reused so checkout links handed out before a restart keep working. */
  port: z.number().int().min(0).max(65_535).default(0),
});
type Credentials = z.infer<typeof Credentials>;

async function loadOrCreateCredentials(dir: string): Promise<Credentials> {
  const path = join(dir, SANDBOX_CREDENTIALS_FILE);
  try {
    return Credentials.parse(JSON.parse(await readFile(path, 'utf8')));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT')
      throw new Error(`${path} is unreadable; delete it`, { cause: err });
  }
  const created: Credentials = {
    storeId: 'labeldesk-sandbox',
    apiKey: randomBytes(24).toString('base64url'),
    webhookSecret: randomBytes(32).toString('base64url'),
    port: 0,
  };
  await writeFile(path, `${JSON.stringify(created, null, 2)}\n`, { mode: 0o600 });
  return created;
}

export interface PaymentsSetup {
  payments: PaymentProcessor;
  /** The embedded sandbox, when no BTCPAY_URL was configured. */
  sandbox: BtcpaySandbox | undefined;
  close(): Promise<void>;
}

export interface SetupPaymentsOptions {
  config: NodeConfig;
  /** How this process reaches its own API (the embedded sandbox posts its webhooks there). */
  internalUrl: string;
  /** Overrides for the embedded sandbox (tests: faster settlement and webhook retries). */
  sandboxOptions?: Partial<BtcpaySandboxOptions>;
  log: (line: string) => void;
}

/**
 * The payment processor of the Node entry: the configured BTCPay Server, or else the embedded BTCPay sandbox on its
 * own port (state, generated API key and webhook secret kept in DATA_DIR/btcpay-sandbox, mode 0600) with its store
 * webhook pointed at this server's /api/crypto/webhook.
 */
export async function setupPayments(opts: SetupPaymentsOptions): Promise<PaymentsSetup> {
  const { config } = opts;
  if (config.btcpayUrl) {
    return {
      payments: greenfieldProcessor({
        baseUrl: config.btcpayUrl,
        storeId: config.btcpayStoreId ?? '',
        apiKey: config.btcpayApiKey ?? '',
        webhookSecret: config.btcpayWebhookSecret ?? '',
      }),
      sandbox: undefined,
      close: async () => {},
    };
  }

  const dir = join(config.dataDir, SANDBOX_DIR);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const credentials = await loadOrCreateCredentials(dir);
  // The sandbox takes payments from anyone who can reach it: keep it on loopback unless HOST says otherwise.
  const hostname = config.host && config.host !== '0.0.0.0' && config.host !== '::' ? config.host : '127.0.0.1';
  const start = (port: number) =>
    createBtcpaySandbox({
      port,
      hostname,
      storeId: credentials.storeId,
      apiKey: credentials.apiKey,
      webhookUrl: `${opts.internalUrl}/api/crypto/webhook`,
      webhookSecret: credentials.webhookSecret,
      dataDir: dir,
      log: (line) => opts.log(`[btcpay-sandbox] ${line}`),
      ...opts.sandboxOptions,
    });
  let sandbox: BtcpaySandbox;
  try {
    sandbox = await start(credentials.port);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE' || credentials.port === 0) throw err;
    sandbox = await start(0);
  }
  const port = Number(new URL(sandbox.url).port);
  if (port !== credentials.port) {
    await writeFile(join(dir, SANDBOX_CREDENTIALS_FILE), `${JSON.stringify({ ...credentials, port }, null, 2)}\n`, {
      mode: 0o600,
    });
  }
  return {
    payments: greenfieldProcessor({
      baseUrl: sandbox.url,
      storeId: credentials.storeId,
      apiKey: credentials.apiKey,
      webhookSecret: credentials.webhookSecret,
    }),
    sandbox,
    close: () => sandbox.close(),
  };
}
