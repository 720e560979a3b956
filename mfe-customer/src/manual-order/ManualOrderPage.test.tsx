// @vitest-environment happy-dom
import { BrowserRouter } from '@labeldesk/router';
import { apiCalls, renderWithUi, screen, setupUser, stubApi, waitFor, within } from '@labeldesk/ui/testing';
import { describe, expect, it } from 'vitest';
import ManualOrderPage from './ManualOrderPage';

const service = (name: string, carrier: 'UPS' | 'USPS', maxWeight = 70) => ({
  id: `svc_${name}`,
  name,
  code: name.toLowerCase().replaceAll(' ', '_'),
  carrier,
  price: 7.25,
  reliabilityStatus: 'reliable',
  active: true,
  maxWeight,
  weightUnit: 'lbs',
  hasDynamicPricing: false,
});
const homeAddress = {
  _id: 'adr_home',
  name: 'Ada Sender',
  company: '',
  street1: '1 Main St',
  street2: '',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  country: 'US',
  phone: '555-0100',
  type: 'sender',
  isDefault: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

function stubShop(extra: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    'GET /api/balance': { json: { balance: 50 } },
    'GET /api/addresses': { json: { addresses: [homeAddress] } },
    'GET /api/shipping/apis': { json: { apis: [{ _id: 'api_1', name: 'API 1', isDefault: true }] } },
    'GET /api/shipping/all-services': {
      json: {
        apiId: 'api_1',
        apiName: 'API 1',
        UPS: [service('UPS Ground', 'UPS')],
        USPS: [service('USPS Priority Mail', 'USPS', 1)],
        FEDEX: [],
      },
    },
    'POST /api/orders/calculate-price': { json: { price: 7.25, estimatedDelivery: null } },
    ...extra,
  });
}

/** Several round trips and a 0.5 s quote debounce: more than waitFor's 1 s on a loaded machine. */
const SLOW = { timeout: 8000 };

const renderPage = () =>
  renderWithUi(
    <BrowserRouter>
      <ManualOrderPage />
    </BrowserRouter>,
  );
const block = (testId: string) => within(screen.getByTestId(testId));
const text = (testId: string, name: string) => block(testId).getByRole('textbox', { name });

describe('Manual Order', () => {
  it('starts the From block with the default sender address, shown as the picked saved address', async () => {
    stubShop();
    renderPage();
    await waitFor(() => expect((text('sender-address', 'Name') as HTMLInputElement).value).toBe('Ada Sender'), SLOW);
    expect((text('sender-address', 'ZIP') as HTMLInputElement).value).toBe('78701');
    expect((text('recipient-address', 'Name') as HTMLInputElement).value).toBe('');
  });

  it('names the missing fields with the SPEC texts and buys nothing', async () => {
    const api = stubShop();
    const user = setupUser();
    renderPage();
    await screen.findByTestId('create-label-button', {}, SLOW);
    await user.click(screen.getByTestId('create-label-button'));
    expect((await screen.findByTestId('manual-order-error', {}, SLOW)).textContent).toBe(
      'Please correct the highlighted fields.',
    );
    expect(block('recipient-address').getByText('Name is required')).toBeTruthy();
    expect(block('recipient-address').getByText('ZIP code is required')).toBeTruthy();
    expect(screen.getByText('Weight is required')).toBeTruthy();
    expect(apiCalls(api).some((c) => c.method === 'POST' && c.path === '/api/orders')).toBe(false);
  });

  it('has an optional Reference field checked by the contract: over 35 characters is named and nothing is bought', async () => {
    const api = stubShop();
    const user = setupUser();
    renderPage();
    const reference = (await screen.findByTestId('order-reference', {}, SLOW)) as HTMLInputElement;
    expect(screen.getByText('Printed on the label (optional, up to 35 characters)')).toBeTruthy();
    await user.click(reference);
    await user.paste('R'.repeat(36));
    await user.click(screen.getByTestId('create-label-button'));
    expect(await screen.findByText('Reference must be at most 35 characters', {}, SLOW)).toBeTruthy();
    expect(apiCalls(api).some((c) => c.method === 'POST' && c.path === '/api/orders')).toBe(false);
  });
});
