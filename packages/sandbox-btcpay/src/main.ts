/**
 * Standalone BTCPay sandbox: `node --import tsx packages/sandbox-btcpay/src/main.ts`.
 * Environment: PORT (default 14142), HOST (default 127.0.0.1), STORE_ID, API_KEY, WEBHOOK_URL + WEBHOOK_SECRET,
 * DATA_DIR (persistence; unset = in memory), PUBLIC_BASE_URL, BTC_USD_RATE, SETTLEMENT_DELAY_MS,
 * INVOICE_EXPIRATION_MINUTES, WEBHOOK_RETRY_SCHEDULE_MS (comma-separated ms), NETWORK_FEE_MODE
 * (MultiplePaymentsOnly | Always | Never), NETWORK_FEE_RATE (sat/vB).
 */
import { resolve } from 'node:path';
import { NETWORK_FEE_MODES, type NetworkFeeMode } from './accounting';
import { createBtcpaySandbox } from './sandbox';

function text(name: string): string | undefined {
  const value = process.env[name]?.trim();
  return value ? value : undefined;
}

function number(name: string): number | undefined {
  const value = text(name);
  if (value === undefined) return undefined;
  const parsed = Number(value);
  if (!Number.isFinite(parsed)) throw new Error(`${name} must be a number, got "${value}"`);
  return parsed;
}

function numberList(name: string): number[] | undefined {
  const value = text(name);
  if (value === undefined) return undefined;
  return value.split(',').map((part) => {
    const parsed = Number(part.trim());
    if (!Number.isFinite(parsed)) throw new Error(`${name} must be comma-separated numbers, got "${value}"`);
    return parsed;
  });
}

function feeMode(value: string | undefined): NetworkFeeMode | undefined {
  if (value === undefined) return undefined;
  const mode = NETWORK_FEE_MODES.find((m) => m === value);
  if (!mode) throw new Error(`NETWORK_FEE_MODE must be one of ${NETWORK_FEE_MODES.join(', ')}, got "${value}"`);
  return mode;
}

async function main(): Promise<void> {
  const dataDir = text('DATA_DIR');
  const sandbox = await createBtcpaySandbox({
    port: number('PORT') ?? 14142,
    hostname: text('HOST') ?? '127.0.0.1',
    storeId: text('STORE_ID'),
    apiKey: text('API_KEY'),
    webhookUrl: text('WEBHOOK_URL'),
    webhookSecret: text('WEBHOOK_SECRET'),
    dataDir: dataDir ? resolve(dataDir) : undefined,
    publicBaseUrl: text('PUBLIC_BASE_URL'),
    btcUsdRate: text('BTC_USD_RATE'),
    settlementDelayMs: number('SETTLEMENT_DELAY_MS'),
    invoiceExpirationMinutes: number('INVOICE_EXPIRATION_MINUTES'),
    webhookRetryScheduleMs: numberList('WEBHOOK_RETRY_SCHEDULE_MS'),
    networkFeeMode: feeMode(text('NETWORK_FEE_MODE')),
    networkFeeRate: number('NETWORK_FEE_RATE'),
    log: (line) => console.log(`[sandbox-btcpay] ${line}`),
  });
  console.log(`[sandbox-btcpay] Greenfield API at ${sandbox.url}/api/v1 (store ${sandbox.storeId})`);
  console.log(`[sandbox-btcpay] checkout pages at ${sandbox.publicBaseUrl}/i/{invoiceId}`);
  if (!dataDir) console.log('[sandbox-btcpay] DATA_DIR unset: invoices live in memory only');

  const shutdown = () => {
    sandbox.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  console.error(`[sandbox-btcpay] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
