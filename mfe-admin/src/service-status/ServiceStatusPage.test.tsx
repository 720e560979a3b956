// @vitest-environment happy-dom

import type { ProviderHealth } from '@labeldesk/contracts';
import { apiCalls, renderWithUi, screen, setupUser, stubApi, waitFor, within } from '@labeldesk/ui/testing';
import { describe, expect, it } from 'vitest';
import { config } from '../service-management/test-fixtures';
import ServiceStatusPage from './ServiceStatusPage';

const health = (over: Partial<ProviderHealth> & Pick<ProviderHealth, 'apiId' | 'apiName'>): ProviderHealth => ({
  state: 'closed',
  failures: 0,
  openUntil: null,
  lastError: null,
  lastErrorAt: null,
  failovers24h: 0,
  ...over,
});

const APIS = { apis: [config('api_1', { name: 'API 1', isDefault: true }), config('api_2', { name: 'API 2' })] };

const row = (api: string) =>
  screen.getAllByTestId('provider-health-row').find((r) => r.getAttribute('data-api') === api) as HTMLElement;

describe('Service Status: provider health (circuit breakers and failovers)', () => {
  it("shows each API's breaker state, last error and failovers in 24 h; Refresh reads them again", async () => {
    let call = 0;
    const api = stubApi({
      'GET /api/admin/config/apis': { json: APIS },
      'GET /api/admin/config/apis/health': () => {
        call += 1;
        return {
          json: {
            apis:
              call === 1
                ? [
                    health({
                      apiId: 'api_1',
                      apiName: 'API 1',
                      state: 'open',
                      failures: 5,
                      openUntil: '2026-11-28T12:00:30.000Z',
                      lastError: 'connection refused',
                      lastErrorAt: '2026-11-28T12:00:00.000Z',
                      failovers24h: 3,
                    }),
                    health({ apiId: 'api_2', apiName: 'API 2', failovers24h: 1 }),
                  ]
                : [
                    health({ apiId: 'api_1', apiName: 'API 1', state: 'half_open', lastError: 'connection refused' }),
                    health({ apiId: 'api_2', apiName: 'API 2' }),
                  ],
          },
        };
      },
    });
    const user = setupUser();
    renderWithUi(<ServiceStatusPage />);
    await waitFor(() => expect(screen.getAllByTestId('provider-health-row')).toHaveLength(2));

    const first = row('API 1');
    expect(within(first).getByTestId('provider-health-state').textContent).toBe('Open');
    expect(first.textContent).toContain('Skipped: purchases fail over to the next API');
    expect(first.textContent).toContain('5 recent failures');
    expect(within(first).getByTestId('provider-health-last-error').textContent).toContain('connection refused');
    expect(within(first).getByTestId('provider-health-failovers').textContent).toBe('3 failovers');
    const second = row('API 2');
    expect(within(second).getByTestId('provider-health-state').textContent).toBe('Closed');
    expect(within(second).getByTestId('provider-health-last-error').textContent).toBe('None');
    expect(within(second).getByTestId('provider-health-failovers').textContent).toBe('1 failover');

    await user.click(screen.getByTestId('status-refresh'));
    await waitFor(() =>
      expect(within(row('API 1')).getByTestId('provider-health-state').textContent).toBe('Half-open'),
    );
    expect(row('API 1').textContent).toContain('One probe purchase may try it');
    expect(apiCalls(api).filter((c) => c.path === '/api/admin/config/apis/health')).toHaveLength(2);
  });

  it('a failed health read says so with Try Again, and the services are still shown', async () => {
    stubApi({
      'GET /api/admin/config/apis': { json: APIS },
      'GET /api/admin/config/apis/health': {
        status: 500,
        json: { error: { code: 'internal', message: 'Internal error', details: [] } },
      },
    });
    renderWithUi(<ServiceStatusPage />);
    const failed = await screen.findByTestId('provider-health-error');
    expect(failed.textContent).toContain('Failed to load provider health');
    expect(within(failed).getByRole('button', { name: 'Try Again' })).toBeTruthy();
    expect(await screen.findByTestId('status-api-info')).toBeTruthy();
  });

  it('a Refresh whose API list read fails keeps the list on screen and says so beside it', async () => {
    let lists = 0;
    stubApi({
      'GET /api/admin/config/apis': () => {
        lists += 1;
        return lists === 1
          ? { json: APIS }
          : { status: 503, json: { error: { code: 'unavailable', message: 'Database busy', details: [] } } };
      },
      'GET /api/admin/config/apis/health': { json: { apis: [] } },
    });
    const user = setupUser();
    renderWithUi(<ServiceStatusPage />);
    expect(await screen.findByTestId('status-api-info')).toBeTruthy();
    await user.click(screen.getByTestId('status-refresh'));
    expect((await screen.findByTestId('status-error')).textContent).toContain(
      'Failed to load service status information',
    );
    expect(screen.getByTestId('status-api-info')).toBeTruthy();
    expect(screen.queryByTestId('status-api-error')).toBeNull();
  });

  it('a first API list read that fails shows the SPEC text with Try Again, which loads the list', async () => {
    let lists = 0;
    stubApi({
      'GET /api/admin/config/apis': () => {
        lists += 1;
        return lists === 1
          ? { status: 500, json: { error: { code: 'internal', message: 'Internal error', details: [] } } }
          : { json: APIS };
      },
      'GET /api/admin/config/apis/health': { json: { apis: [] } },
    });
    const user = setupUser();
    renderWithUi(<ServiceStatusPage />);
    const failed = await screen.findByTestId('status-api-error');
    expect(failed.textContent).toContain('Failed to load service status information');
    await user.click(within(failed).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByTestId('status-api-info')).toBeTruthy();
  });
});
