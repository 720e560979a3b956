// @vitest-environment happy-dom

import type { ShippingApiConfig } from '@labeldesk/contracts';
import { apiCalls, fill, renderWithUi, screen, setupUser, stubApi, waitFor } from '@labeldesk/ui/testing';
import { describe, expect, it } from 'vitest';
import ServiceManagementPage from './ServiceManagementPage';
import { config } from './test-fixtures';

const PRIORITY_ERROR = 'Priority must be a whole number from 0 to 10000';

/** A server holding one API; PATCH .../failover changes it as the real one does. */
function serveOneApi(initial: ShippingApiConfig, patch?: { status: number; json: unknown }) {
  let api = initial;
  return stubApi({
    'GET /api/admin/config/apis': () => ({ json: { apis: [api] } }),
    [`PATCH /api/admin/config/apis/${initial._id}/failover`]: ({ body }) => {
      if (patch) return patch;
      api = { ...api, ...(body as Partial<ShippingApiConfig>) };
      return { json: { api, message: 'Failover settings updated successfully' } };
    },
  });
}

const patches = (mock: ReturnType<typeof stubApi>) => apiCalls(mock).filter((c) => c.method === 'PATCH');

describe('Service Management: failover settings (priority, allow as failover target)', () => {
  it("shows the API's priority and failover switch, refuses a bad priority under its field, and saves both", async () => {
    const api = serveOneApi(config('api_2', { name: 'API 2', priority: 100, failoverTarget: true }));
    const user = setupUser();
    renderWithUi(<ServiceManagementPage />);
    expect((await screen.findByTestId('api-priority')).textContent).toBe('Priority 100');
    expect(screen.getByTestId('api-failover-target').textContent).toBe('Failover target');

    await user.click(screen.getByTestId('api-failover-open'));
    const priority = await screen.findByLabelText('Priority');
    expect((priority as HTMLInputElement).value).toBe('100');
    const target = screen.getByRole('switch', { name: /Allow as failover target/ }) as HTMLInputElement;
    expect(target.checked).toBe(true);

    fill(priority, '');
    await user.click(screen.getByTestId('failover-settings-submit'));
    expect(await screen.findByText(PRIORITY_ERROR)).toBeTruthy();
    expect(patches(api)).toEqual([]);

    fill(priority, '5');
    await user.click(target);
    await user.click(screen.getByTestId('failover-settings-submit'));
    await waitFor(() => expect(patches(api)).toHaveLength(1));
    expect(patches(api)[0]?.body).toEqual({ priority: 5, failoverTarget: false });
    expect((await screen.findByTestId('service-management-success')).textContent).toContain(
      'Failover settings updated successfully',
    );
    await waitFor(() => expect(screen.getByTestId('api-priority').textContent).toBe('Priority 5'));
    expect(screen.getByTestId('api-failover-target').textContent).toBe('Not a failover target');
  });

  it("puts the server's refusal on its field and in the modal; nothing changes on the page", async () => {
    const api = serveOneApi(config('api_1', { name: 'API 1', priority: 7 }), {
      status: 400,
      json: {
        error: {
          code: 'invalid_input',
          message: PRIORITY_ERROR,
          details: [{ path: 'priority', message: PRIORITY_ERROR }],
        },
      },
    });
    const user = setupUser();
    renderWithUi(<ServiceManagementPage />);
    await user.click(await screen.findByTestId('api-failover-open'));
    fill(await screen.findByLabelText('Priority'), '8');
    await user.click(screen.getByTestId('failover-settings-submit'));
    expect((await screen.findByTestId('failover-settings-error')).textContent).toContain(PRIORITY_ERROR);
    expect(screen.getAllByText(PRIORITY_ERROR).length).toBeGreaterThanOrEqual(2);
    expect(patches(api)).toHaveLength(1);
    expect(screen.getByTestId('api-priority').textContent).toBe('Priority 7');
  });
});
