// @vitest-environment happy-dom

import type { MarginsResponse } from '@labeldesk/contracts';
import { renderWithUi, screen, setupUser, stubApi, within } from '@labeldesk/ui/testing';
import { describe, expect, it } from 'vitest';
import MarginsPage from './MarginsPage';
import { marginRow as row } from './test-fixtures';

const listed = (marginCents: number) => ({
  bands: [
    {
      fromWeight: 0,
      toWeight: 5,
      providerCostCents: 900,
      priceCents: 900 + marginCents,
      marginCents,
      marginPercent: marginCents / 10,
    },
  ],
  providerCostMinCents: 900,
  providerCostMaxCents: 900,
  priceMinCents: 900 + marginCents,
  priceMaxCents: 900 + marginCents,
  marginCents,
  marginPercent: marginCents / 10,
  marginMaxCents: marginCents,
});

const zero = { labelsSold: 0, revenueCents: 0, providerCostCents: 0, grossMarginCents: 0, marginPercent: null };
/** A period in which nothing was bought: two services priced, one of them under the provider's rate. */
const noSales: MarginsResponse = {
  period: { from: '2026-11-01', to: '2026-11-28' },
  apis: [{ apiId: 'api_1', apiName: 'API 1', ratesAvailable: true, error: null }],
  rows: [
    row({ serviceName: 'UPS Ground', listed: listed(150) }),
    row({ serviceName: 'FedEx Ground', carrier: 'FEDEX', listed: listed(-200), loss: true }),
  ],
  byCarrier: (['UPS', 'USPS', 'FEDEX'] as const).map((carrier) => ({ carrier, ...zero })),
  totals: { ...zero, labelsWithoutCost: 0 },
};

const rowNames = () => screen.getAllByTestId('margins-row').map((r) => r.getAttribute('data-service'));

describe('Pricing (margins) page', () => {
  it('says "No sales in this period" over an empty chart, and still lists the services with the loss said in words', async () => {
    stubApi({ 'GET /api/admin/pricing/margins': { json: noSales } });
    renderWithUi(<MarginsPage />);
    expect((await screen.findByTestId('margins-chart-empty')).textContent).toBe('No sales in this period');
    expect(screen.queryByTestId('margins-chart')).toBeNull();
    expect(screen.getByTestId('margins-total-labels').textContent).toBe('0');
    expect(rowNames()).toHaveLength(2);
    const fedex = screen.getAllByTestId('margins-row').find((r) => r.getAttribute('data-service') === 'FedEx Ground');
    expect(fedex?.getAttribute('data-loss')).toBe('true');
    expect(within(fedex as HTMLElement).getByTestId('margins-loss-badge').textContent).toContain('Loss');
  });

  it('sorts by margin per label and opens a row onto its weight bands and custom-pricing customers', async () => {
    stubApi({ 'GET /api/admin/pricing/margins': { json: noSales } });
    const user = setupUser();
    renderWithUi(<MarginsPage />);
    await screen.findAllByTestId('margins-row');
    await user.click(screen.getByTestId('margins-sort-margin'));
    const ascending = rowNames();
    await user.click(screen.getByTestId('margins-sort-margin'));
    expect(rowNames()).toEqual([...ascending].reverse());
    expect(ascending).toContain('FedEx Ground');

    await user.click(screen.getByRole('button', { name: 'Show details of UPS Ground (API 1)' }));
    const detail = await screen.findByTestId('margins-detail');
    expect(within(detail).getByTestId('margins-bands')).toBeTruthy();
    expect(within(detail).getByTestId('margins-no-customers').textContent).toBe(
      'No customer has custom pricing on this service.',
    );
    expect(screen.getByRole('button', { name: 'Hide details of UPS Ground (API 1)' })).toBeTruthy();
  });

  it("warns when an API's rates could not be read", async () => {
    stubApi({
      'GET /api/admin/pricing/margins': {
        json: {
          ...noSales,
          apis: [{ apiId: 'api_1', apiName: 'API 1', ratesAvailable: false, error: 'provider unreachable' }],
        },
      },
    });
    renderWithUi(<MarginsPage />);
    expect((await screen.findByTestId('margins-rates-warning')).textContent).toContain(
      "API 1: the provider's current rates could not be read (provider unreachable)",
    );
  });
});
