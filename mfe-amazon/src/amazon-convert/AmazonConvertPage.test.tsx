// @vitest-environment happy-dom

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Address } from '@labeldesk/contracts';
import { BrowserRouter } from '@labeldesk/router';
import { fill, fireEvent, renderWithUi, screen, setupUser, stubApi, waitFor } from '@labeldesk/ui/testing';
import { describe, expect, it } from 'vitest';
import { AmazonConvertPage } from './AmazonConvertPage';

// The report the e2e tests upload (vitest runs from the repository root).
const REPORT = join(process.cwd(), 'packages/amazon/test-fixtures/unshipped-orders.txt');

const sender: Address = {
  _id: 'adr_1',
  name: 'Sam Sender',
  company: 'Widgets Inc',
  street1: '1 Dock Rd',
  street2: '',
  city: 'Seattle',
  state: 'WA',
  zip: '98101',
  country: 'US',
  phone: '2065550100',
  type: 'sender',
  isDefault: true,
  createdAt: '2026-11-01T12:00:00.000Z',
  updatedAt: '2026-11-01T12:00:00.000Z',
};

async function upload(senders: Address[] = [sender]) {
  stubApi({ 'GET /api/addresses/type/sender': { json: { addresses: senders } } });
  const user = setupUser();
  renderWithUi(
    <BrowserRouter>
      <AmazonConvertPage />
    </BrowserRouter>,
  );
  const file = new File([readFileSync(REPORT)], 'unshipped-orders.txt', { type: 'text/plain' });
  fireEvent.change(screen.getByTestId('amazon-file-input'), { target: { files: [file] } });
  await screen.findByTestId('dimensions-form', {}, { timeout: 10_000 });
  return user;
}

function fillRow(index: number, values: Partial<Record<'weight' | 'length' | 'width' | 'height', string>>) {
  for (const [field, value] of Object.entries(values)) fill(screen.getByTestId(`dimension-${field}-${index}`), value);
}

const all = { weight: '1.5', length: '10', width: '8', height: '4' };

// The report has several SKUs of four fields each: typing them all in happy-dom takes a while on a busy machine.
describe('Amazon converter: the dimension form', { timeout: 60_000 }, () => {
  it("refuses a SKU with an empty field with the SPEC's text, marks the empty field, and clears once filled", async () => {
    const user = await upload();
    const rows = screen.getAllByTestId(/^dimension-row-/);
    rows.forEach((_, i) => {
      fillRow(i, all);
    });
    fill(screen.getByTestId('dimension-height-0'), '');
    await user.click(screen.getByTestId('complete-setup'));
    const sku = rows[0]?.getAttribute('data-sku');
    expect((await screen.findByTestId('amazon-error')).textContent).toBe(
      `Please fill in all dimensions for SKU: ${sku}`,
    );
    expect(screen.getByTestId('dimension-height-0').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByTestId('dimension-weight-0').getAttribute('aria-invalid')).not.toBe('true');
    expect(screen.queryByTestId('dimensions-confirmation')).toBeNull();

    fill(screen.getByTestId('dimension-height-0'), '4');
    await waitFor(() => expect(screen.queryByTestId('amazon-error')).toBeNull());
    expect(screen.getByTestId('dimension-height-0').getAttribute('aria-invalid')).not.toBe('true');
  });

  it('refuses to convert without a sender address, marking no field', async () => {
    const user = await upload([]);
    screen.getAllByTestId(/^dimension-row-/).forEach((_, i) => {
      fillRow(i, all);
    });
    await user.click(screen.getByTestId('complete-setup'));
    expect((await screen.findByTestId('amazon-error')).textContent).toBe('Please select a sender address');
    expect(document.querySelectorAll('[aria-invalid="true"]')).toHaveLength(0);
    expect(screen.queryByTestId('dimensions-confirmation')).toBeNull();
  });

  it('converts with the dimensions typed, and Edit Dimensions brings them back filled in', async () => {
    const user = await upload();
    const count = screen.getAllByTestId(/^dimension-row-/).length;
    for (let i = 0; i < count; i++) fillRow(i, all);
    await user.click(screen.getByTestId('complete-setup'));
    expect(await screen.findByTestId('dimensions-confirmation')).toBeTruthy();
    expect(screen.queryByTestId('dimensions-form')).toBeNull();
    expect(screen.queryByTestId('amazon-error')).toBeNull();
    expect((await screen.findByTestId('amazon-success')).textContent).toMatch(/converted/i);

    await user.click(screen.getByTestId('edit-dimensions'));
    await screen.findByTestId('dimensions-form');
    expect((screen.getByTestId('dimension-weight-0') as HTMLInputElement).value).toBe('1.5');
    expect((screen.getByTestId(`dimension-height-${count - 1}`) as HTMLInputElement).value).toBe('4');
  });
});
