import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminToken,
  apiAs,
  defaultUpsGround,
  fundCustomer,
  party,
  setupBrowser,
  signInAsNewCustomer,
  textOf,
  visible,
} from './support/browser';

const browser = setupBrowser();

/** A loopback receiver: every request's headers, answered 200. */
const received: { headers: IncomingHttpHeaders; body: string }[] = [];
const receiver = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end('ok');
  });
});
let receiverUrl = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
});
afterAll(async () => {
  receiver.closeAllConnections();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

describe('the API page: Webhooks tab', () => {
  it('adds an endpoint (secret shown once), a bought label is delivered and listed, and the delivery is replayed', async () => {
    const page = await browser.newPage();
    const customer = await signInAsNewCustomer(page, 'Wendy Webhook');
    await fundCustomer(await adminToken(), customer.token, 50, 'E2E webhook funds');

    await page.goto('/api-docs');
    await page.getByRole('tab', { name: 'Webhooks' }).click();
    await visible(page.getByTestId('webhook-endpoints-empty'));
    await page.getByTestId('webhook-add').click();
    await page.getByTestId('webhook-url').fill(receiverUrl);
    await page.getByRole('checkbox', { name: 'order.created' }).check();
    await page.getByTestId('webhook-endpoint-submit').click();
    await expect.poll(() => textOf(page.getByTestId('webhook-secret'))).toMatch(/^whsec_[A-Za-z0-9+/=]{40,}$/);
    await page.getByRole('button', { name: 'Done' }).click();
    const row = page.getByTestId('webhook-endpoint-row');
    await expect.poll(() => textOf(row)).toContain(receiverUrl);
    expect(await textOf(row)).toContain('order.created');

    const { apiId, service } = await defaultUpsGround(customer.token);
    const { order } = await apiAs<{ order: { _id: string } }>(customer.token, 'POST', '/api/orders', {
      apiId,
      carrier: 'UPS',
      serviceType: service,
      sender: party('Ada Sender'),
      recipient: party('Rita Receiver'),
      packageDetails: { weight: 2, weightUnit: 'lbs', length: 10, width: 8, height: 4 },
    });
    await expect.poll(() => received.length, { timeout: 30_000 }).toBe(1);
    const event = JSON.parse(received[0]?.body ?? '{}') as {
      id: string;
      type: string;
      data: { order: { _id: string } };
    };
    expect(event).toMatchObject({ type: 'order.created', data: { order: { _id: order._id } } });

    await row.getByRole('button', { name: 'Deliveries' }).click();
    const deliveries = page.getByTestId('webhook-deliveries');
    await visible(deliveries);
    const rows = deliveries.getByTestId('webhook-delivery-row');
    await expect
      .poll(
        async () => {
          if ((await rows.count()) === 0) await deliveries.getByRole('button', { name: 'Refresh' }).click();
          return rows.count();
        },
        { timeout: 30_000 },
      )
      .toBe(1);
    expect(await textOf(rows.first())).toContain(event.id);
    expect(await textOf(rows.first())).toContain('200');

    await rows.first().getByRole('button', { name: 'Replay' }).click();
    await expect.poll(() => textOf(deliveries.getByRole('status'))).toContain('Replay queued');
    await expect.poll(() => received.length, { timeout: 30_000 }).toBe(2);
    expect(received[1]?.headers['webhook-id']).toBe(event.id);
    await expect
      .poll(
        async () => {
          await deliveries.getByRole('button', { name: 'Refresh' }).click();
          return rows.count();
        },
        { timeout: 30_000 },
      )
      .toBe(2);
    expect(await deliveries.locator('[data-testid="webhook-delivery-row"][data-trigger="replay"]').count()).toBe(1);
  });
});
