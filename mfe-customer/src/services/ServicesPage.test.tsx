// @vitest-environment happy-dom

import type { CustomerService } from '@labeldesk/contracts';
import { renderWithUi, screen, setupUser, stubApi, waitFor } from '@labeldesk/ui/testing';
import { describe, expect, it } from 'vitest';
import ServicesPage from './ServicesPage';

const service = (name: string, over: Partial<CustomerService> = {}): CustomerService => ({
  id: `svc_${name}`,
  name,
  code: name.toLowerCase().replace(/ /g, '_'),
  carrier: 'UPS',
  price: 11.4,
  reliabilityStatus: 'reliable',
  active: true,
  maxWeight: 150,
  weightUnit: 'lbs',
  hasDynamicPricing: false,
  ...over,
});

const apis = [
  { _id: 'api_1', name: 'API 1', isDefault: true },
  { _id: 'api_2', name: 'API 2', isDefault: false },
];

describe('Shipping Services (one QueryBody per query)', () => {
  it('shows the failure of the API list with Try Again, then one tab per API and its services', async () => {
    let failApis = true;
    stubApi({
      'GET /api/balance': { json: { balance: 25 } },
      'GET /api/shipping/apis': () =>
        failApis
          ? { status: 503, json: { error: { code: 'unavailable', message: 'busy', details: [] } } }
          : { json: { apis } },
      'GET /api/shipping/all-services': ({ path }) =>
        path.includes('api_2')
          ? { json: { apiId: 'api_2', apiName: 'API 2', UPS: [], USPS: [], FEDEX: [] } }
          : { json: { apiId: 'api_1', apiName: 'API 1', UPS: [service('UPS Ground')], USPS: [], FEDEX: [] } },
    });
    const user = setupUser();
    renderWithUi(<ServicesPage />);
    const failure = await screen.findByTestId('services-apis-error', {}, { timeout: 5_000 });
    expect(failure.textContent).toContain('Failed to load shipping services');
    expect((await screen.findByTestId('services-balance')).textContent).toBe('$25.00');

    failApis = false;
    await user.click(screen.getByRole('button', { name: /Try Again/ }));
    await waitFor(() => expect(screen.getAllByTestId('services-api-tab')).toHaveLength(2));
    const card = await screen.findByTestId('services-service');
    expect(card.getAttribute('data-service')).toBe('UPS Ground');

    await user.click(screen.getAllByTestId('services-api-tab')[1] as HTMLElement);
    expect((await screen.findByTestId('services-list-empty')).textContent).toContain('No services available');
  });

  it('says when no shipping API is offered', async () => {
    stubApi({ 'GET /api/balance': { json: { balance: 0 } }, 'GET /api/shipping/apis': { json: { apis: [] } } });
    renderWithUi(<ServicesPage />);
    expect((await screen.findByTestId('services-apis-empty')).textContent).toBeTruthy();
  });
});
