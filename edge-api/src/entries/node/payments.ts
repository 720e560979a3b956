import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  type BtcpaySandboxControls,
  type BtcpaySandboxOptions,
  createBtcpaySandboxApp,
} from '@labeldesk/sandbox-btcpay';
import { Hono } from 'hono';
import { z } from 'zod';
import { type GreenfieldConfig, greenfieldProcessor } from '../../adapters/btcpay/greenfield-processor';
import type { PaymentProcessor } from '../../ports/payment-processor';
import type { NodeConfig } from './config';

/** Where the embedded sandbox keeps its state and the credentials we generated for it (under DATA_DIR). */
export const SANDBOX_DIR = 'btcpay-sandbox';
export const SANDBOX_CREDENTIALS_FILE = 'credentials.json';

const Credentials = z.object({
  storeId: z.string().min(1),
  apiKey: z.string().min(16),
  webhookSecret: z.string().min(16),
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
  };
  await writeFile(path, `${JSON.stringify(created, null, 2)}\n`, { mode: 0o600 });
  return created;
}

export interface PaymentsSetup {
  /** The embedded sandbox's controls (tests drive payments with them), when no BTCPAY_URL was configured. */
  sandbox: BtcpaySandboxControls | undefined;
  /** Answers the sandbox's requests (Greenfield API, checkout pages) under BTCPAY_SANDBOX_BASE_PATH; else undefined. */
  fetch: ((request: Request) => Response | Promise<Response>) | undefined;
  /**
   * Once the server listens: the processor to use, the embedded sandbox pointed at this server (checkout links on the
   * public URL, webhooks to our own address) with its timers started (expiry sweep, webhook sender). `config` is what
   * the processor was made from (the job thread makes its own from it).
   */
  start(urls: { internalUrl: string; publicUrl: string }): { processor: PaymentProcessor; config: GreenfieldConfig };
  close(): Promise<void>;
}

export interface SetupPaymentsOptions {
  config: NodeConfig;
  /** Overrides for the embedded sandbox (tests: faster settlement and webhook retries). */
  sandboxOptions?: Partial<BtcpaySandboxOptions>;
  log: (line: string) => void;
}

/** The embedded sandbox is mounted on the API's own port under this path. */
export const BTCPAY_SANDBOX_BASE_PATH = '/sandbox/btcpay';

/**
 * The payment processor of the Node entry: the configured BTCPay Server, or else the embedded BTCPay sandbox mounted
 * on this server's own port under /sandbox/btcpay (state, generated API key and webhook secret kept in
 * DATA_DIR/btcpay-sandbox, mode 0600), its store webhook pointed at this server's /api/crypto/webhook. Everything runs
 * on one port, so the checkout page is reachable wherever the app is.
 */
export async function setupPayments(opts: SetupPaymentsOptions): Promise<PaymentsSetup> {
  const { config } = opts;
  if (config.btcpayUrl) {
    const processorConfig: GreenfieldConfig = {
      baseUrl: config.btcpayUrl,
      storeId: config.btcpayStoreId ?? '',
      apiKey: config.btcpayApiKey ?? '',
      webhookSecret: config.btcpayWebhookSecret ?? '',
    };
    const processor = greenfieldProcessor(processorConfig);
    return {
      sandbox: undefined,
      fetch: undefined,
      start: () => ({ processor, config: processorConfig }),
      close: async () => {},
    };
  }

  const dir = join(config.dataDir, SANDBOX_DIR);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const credentials = await loadOrCreateCredentials(dir);
  // The webhook URL is known once the server listens (start); the secret goes with it then.
  const sandbox = createBtcpaySandboxApp({
    storeId: credentials.storeId,
    apiKey: credentials.apiKey,
    dataDir: dir,
    log: (line) => opts.log(`[btcpay-sandbox] ${line}`),
    ...opts.sandboxOptions,
  });
  const mounted = new Hono().route(BTCPAY_SANDBOX_BASE_PATH, sandbox.app);
  let started = false;
  return {
    sandbox,
    fetch: (request) => mounted.fetch(request),
    start: ({ internalUrl, publicUrl }) => {
      sandbox.publicBaseUrl = `${publicUrl}${BTCPAY_SANDBOX_BASE_PATH}`;
      sandbox.setWebhook(`${internalUrl}/api/crypto/webhook`, credentials.webhookSecret);
      sandbox.start();
      started = true;
      // The adapter reaches the sandbox on this process's own address.
      const processorConfig: GreenfieldConfig = {
        baseUrl: `${internalUrl}${BTCPAY_SANDBOX_BASE_PATH}`,
        storeId: credentials.storeId,
        apiKey: credentials.apiKey,
        webhookSecret: credentials.webhookSecret,
      };
      return { processor: greenfieldProcessor(processorConfig), config: processorConfig };
    },
    close: async () => {
      if (started) await sandbox.stop();
    },
  };
}
