import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DATA_FILE_NAME } from '../src/index';
import {
  greenfield,
  type InvoiceJson,
  json,
  type PaymentMethodJson,
  startReceiver,
  startSandbox,
  tempDir,
  WEBHOOK_SECRET,
} from './helpers';

describe('persistence across a restart', () => {
  const dirs: Array<{ remove(): void }> = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) dir.remove();
  });

  it('keeps invoices, payments, webhooks and the delivery log in a JSON file under the data dir', async () => {
    const dir = tempDir();
    dirs.push(dir);
    const receiver = await startReceiver();
    try {
      const first = await startSandbox({ dataDir: dir.path, webhookUrl: receiver.url, webhookSecret: WEBHOOK_SECRET });
      const paid = await json<InvoiceJson>(
        await greenfield(first).createInvoice({ amount: '25.00', metadata: { orderId: 'a' } }),
      );
      const open = await json<InvoiceJson>(
        await greenfield(first).createInvoice({ amount: '7.50', metadata: { orderId: 'b' } }),
      );
      first.payInFull(paid.id);
      first.payPart(open.id, '2.50');
      await first.webhooksIdle();
      const deliveriesBefore = first.deliveries();
      const methodsBefore = await json<PaymentMethodJson[]>(await greenfield(first).paymentMethods(paid.id));
      await first.close();

      const file = join(dir.path, DATA_FILE_NAME);
      expect(existsSync(file)).toBe(true);
      expect(() => JSON.parse(readFileSync(file, 'utf8'))).not.toThrow();
      // Atomic writes leave no temp file behind.
      expect(readdirSync(dir.path)).toEqual([DATA_FILE_NAME]);

      const second = await startSandbox({ dataDir: dir.path, webhookUrl: receiver.url, webhookSecret: WEBHOOK_SECRET });
      try {
        const paidAgain = await json<InvoiceJson>(await greenfield(second).getInvoice(paid.id));
        expect(paidAgain).toMatchObject({ status: 'Settled', additionalStatus: 'None', metadata: { orderId: 'a' } });
        expect(paidAgain.checkoutLink).toBe(`${second.url}/i/${paid.id}`);
        expect(await json<PaymentMethodJson[]>(await greenfield(second).paymentMethods(paid.id))).toEqual(
          methodsBefore,
        );

        const openAgain = await json<InvoiceJson>(await greenfield(second).getInvoice(open.id));
        expect(openAgain).toMatchObject({ status: 'New', additionalStatus: 'PaidPartial', paidAmount: '2.50' });
        // Still payable after the restart.
        second.payInFull(open.id);
        expect(second.invoice(open.id)).toMatchObject({ status: 'Settled', paidAmount: '7.50' });

        // Same managed webhook (same id), old deliveries still there and redeliverable.
        expect(second.deliveries().slice(0, deliveriesBefore.length)).toEqual(deliveriesBefore);
        const webhookIds = new Set(second.deliveries().map((d) => d.webhookId));
        expect(webhookIds.size).toBe(1);
        const replayId = second.redeliver(deliveriesBefore[0]?.id ?? '');
        await second.webhooksIdle();
        expect(receiver.requests.at(-1)?.json).toMatchObject({ deliveryId: replayId, isRedelivery: true });
      } finally {
        await second.close();
      }
    } finally {
      await receiver.close();
    }
  });

  it('applies an expiry that fell due while the sandbox was down, and notifies', async () => {
    const dir = tempDir();
    dirs.push(dir);
    const receiver = await startReceiver();
    try {
      // The store's default lifetime (Greenfield refuses expirationMinutes under 30 seconds): 120 ms.
      const first = await startSandbox({
        dataDir: dir.path,
        webhookUrl: receiver.url,
        webhookSecret: WEBHOOK_SECRET,
        invoiceExpirationMinutes: 0.002,
      });
      const invoice = await json<InvoiceJson>(await greenfield(first).createInvoice({ amount: '1.00' }));
      await first.webhooksIdle();
      await first.close();
      await new Promise((r) => setTimeout(r, 200));

      const second = await startSandbox({ dataDir: dir.path, webhookUrl: receiver.url, webhookSecret: WEBHOOK_SECRET });
      try {
        await second.webhooksIdle();
        expect(receiver.requests.map((r) => r.json.type)).toEqual(['InvoiceCreated', 'InvoiceExpired']);
        expect(second.invoice(invoice.id)?.status).toBe('Expired');
      } finally {
        await second.close();
      }
    } finally {
      await receiver.close();
    }
  });

  it('keeps another store id away from invoices made under the old one', async () => {
    const dir = tempDir();
    dirs.push(dir);
    const first = await startSandbox({ dataDir: dir.path, storeId: 'store-a' });
    const invoice = await json<InvoiceJson>(
      await greenfield(first, undefined, 'store-a').createInvoice({ amount: '1.00' }),
    );
    await first.close();

    const second = await startSandbox({ dataDir: dir.path, storeId: 'store-b' });
    try {
      expect((await greenfield(second, undefined, 'store-b').getInvoice(invoice.id)).status).toBe(404);
      expect(await json<unknown[]>(await greenfield(second, undefined, 'store-b').listInvoices())).toEqual([]);
      expect(second.invoice(invoice.id)).toBeNull();
    } finally {
      await second.close();
    }
  });

  it('refuses to start on a file that is not its state', async () => {
    const dir = tempDir();
    dirs.push(dir);
    writeFileSync(join(dir.path, DATA_FILE_NAME), '{"something":"else"}');
    await expect(startSandbox({ dataDir: dir.path })).rejects.toThrow(/not a sandbox-btcpay state file/);
  });
});
