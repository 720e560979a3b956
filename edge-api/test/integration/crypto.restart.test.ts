import { readFileSync, statSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SANDBOX_CREDENTIALS_FILE, SANDBOX_DIR } from '../../src/entries/node/payments';
import { login, register } from './helpers';
import { expectConsistent, openTopUp, sandboxOf, startMoneyServer } from './money-support';

describe('embedded BTCPay sandbox across a restart', () => {
  it('keeps its generated credentials (mode 0600) and invoices; a payment after the restart is credited', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'labeldesk-it-restart-'));
    const first = await startMoneyServer({ dataDir });
    const session = await register(first, { name: 'Rex Restart', email: 'rex@example.com', password: 'pw-12345' });
    const topUp = await openTopUp(first, session.token, 17);
    const credentialsPath = join(dataDir, SANDBOX_DIR, SANDBOX_CREDENTIALS_FILE);
    const credentials = readFileSync(credentialsPath, 'utf8');
    expect(statSync(credentialsPath).mode & 0o777).toBe(0o600);
    expect(JSON.parse(credentials)).toMatchObject({ apiKey: expect.any(String), webhookSecret: expect.any(String) });
    expect(new URL(topUp.paymentUrl).pathname).toBe(`/sandbox/btcpay/i/${topUp.invoiceId}`);
    expect(first.logs.some((l) => l.includes('BTCPay sandbox at') && l.includes('NO real money'))).toBe(true);
    const port = first.port;
    await first.close();

    // Same data dir and port (as a restart of the embedded default would have): links handed out before still work.
    const second = await startMoneyServer({ dataDir, port });
    try {
      expect(JSON.parse(readFileSync(credentialsPath, 'utf8'))).toMatchObject({
        apiKey: JSON.parse(credentials).apiKey,
        webhookSecret: JSON.parse(credentials).webhookSecret,
      });
      // The invoice handed out before the restart is still payable at the same checkout link...
      const page = await fetch(topUp.paymentUrl);
      expect(page.status).toBe(200);
      sandboxOf(second).payInFull(topUp.invoiceId);
      await sandboxOf(second).webhooksIdle();
      // ...and its webhook reaches the new server, which credits it.
      await login(second, 'rex@example.com', 'pw-12345');
      expect(await expectConsistent(second, session.user._id)).toBe(1700);
    } finally {
      await second.stop();
    }
  });
});
