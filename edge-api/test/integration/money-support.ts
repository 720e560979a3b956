import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CreateInvoiceResponse } from '@labeldesk/contracts';
import type { BtcpaySandboxControls } from '@labeldesk/sandbox-btcpay';
import { signBody } from '@labeldesk/sandbox-btcpay';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { SANDBOX_CREDENTIALS_FILE, SANDBOX_DIR } from '../../src/entries/node/payments';
import type { StartServerOptions } from '../../src/entries/node/server';
import { call, startTestServer, type TestServer } from './helpers';

/**
 * The real Node server with its embedded BTCPay sandbox, tuned for tests: payments confirm at once and failed webhook
 * deliveries are retried after 50 ms and 100 ms instead of 10 s and 1 min.
 */
export function startMoneyServer(opts: StartServerOptions = {}): Promise<TestServer> {
  return startTestServer({
    jobPollIntervalMs: 50,
    ...opts,
    btcpaySandbox: { settlementDelayMs: 0, webhookRetryScheduleMs: [50, 100], ...opts.btcpaySandbox },
  });
}

export function sandboxOf(server: TestServer): BtcpaySandboxControls {
  if (!server.btcpay) throw new Error('this server runs without the embedded BTCPay sandbox');
  return server.btcpay;
}

/** The webhook secret the embedded sandbox signs with (generated into DATA_DIR on first start). */
export function webhookSecretOf(server: TestServer): string {
  const file = join(server.dataDir, SANDBOX_DIR, SANDBOX_CREDENTIALS_FILE);
  return (JSON.parse(readFileSync(file, 'utf8')) as { webhookSecret: string }).webhookSecret;
}

/** Opens a top-up through the API; returns the transaction id, the payment URL and the processor's invoice id. */
export async function openTopUp(server: TestServer, token: string, amount: number) {
  const res = await call(server, 'POST', '/api/crypto/create-invoice', { token, json: { amount } });
  if (res.status !== 201) throw new Error(`create-invoice: ${res.status} ${res.text}`);
  const body = CreateInvoiceResponse.parse(res.body);
  const invoiceId = decodeURIComponent(new URL(body.paymentUrl).pathname.split('/').pop() ?? '');
  return { ...body, invoiceId };
}

/** A Greenfield webhook body as BTCPay sends it (indented JSON), for the invoice and event type given. */
export function webhookBody(
  server: TestServer,
  fields: { deliveryId: string; type: string; invoiceId: string; [key: string]: unknown },
): string {
  return JSON.stringify(
    {
      webhookId: 'wh_test',
      originalDeliveryId: fields.deliveryId,
      isRedelivery: false,
      timestamp: Math.floor(Date.now() / 1000),
      storeId: sandboxOf(server).storeId,
      metadata: {},
      ...fields,
    },
    null,
    2,
  );
}

/** POSTs a raw webhook body, signed with `secret` (or with the header given as is). */
export function postWebhook(server: TestServer, body: string, signature: string | null) {
  return call(server, 'POST', '/api/crypto/webhook', {
    raw: body,
    headers: { 'Content-Type': 'application/json', ...(signature === null ? {} : { 'BTCPay-Sig': signature }) },
  });
}

export function sign(server: TestServer, body: string): string {
  return signBody(webhookSecretOf(server), body);
}

/** Straight from the database file: the balance and the completed-ledger sum of a user, in cents. */
export async function ledgerOf(server: TestServer, userId: string) {
  const [row] = await server.services.db.all<{
    balance: number;
    ledger: number;
    rows: number;
    settlements: number;
  }>(sql`
    SELECT (SELECT balance_cents FROM users WHERE id = ${userId}) AS balance,
      COALESCE((SELECT SUM(CASE type WHEN 'credit' THEN amount_cents ELSE -amount_cents END)
        FROM ledger_entries WHERE user_id = ${userId} AND status = 'completed'), 0) AS ledger,
      (SELECT COUNT(*) FROM ledger_entries WHERE user_id = ${userId}) AS rows,
      (SELECT COUNT(*) FROM ledger_settlements s JOIN ledger_entries e ON e.id = s.entry_id
        WHERE e.user_id = ${userId}) AS settlements`);
  if (!row) throw new Error('no row');
  return {
    balance: Number(row.balance),
    ledger: Number(row.ledger),
    rows: Number(row.rows),
    settlements: Number(row.settlements),
  };
}

/** Asserts the ledger invariant for a user and returns the balance in cents. */
export async function expectConsistent(server: TestServer, userId: string): Promise<number> {
  const { balance, ledger } = await ledgerOf(server, userId);
  expect(balance).toBe(ledger);
  expect(balance).toBeGreaterThanOrEqual(0);
  return balance;
}

export async function waitFor<T>(fn: () => Promise<T | undefined>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await fn();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 25));
  }
}
