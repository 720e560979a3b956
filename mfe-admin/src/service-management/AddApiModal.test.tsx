// @vitest-environment happy-dom

import { apiCalls, fill, renderWithUi, screen, setupUser, stubApi, waitFor } from '@labeldesk/ui/testing';
import { describe, expect, it, vi } from 'vitest';
import { AddApiModal } from './AddApiModal';
import { config } from './test-fixtures';

const posts = (mock: ReturnType<typeof stubApi>) => apiCalls(mock).filter((c) => c.method === 'POST');

describe('Add New API (the contract form)', () => {
  it("says 'Please fill in all API fields' and marks each empty field, calling nothing", async () => {
    const mock = stubApi({});
    const user = setupUser();
    renderWithUi(<AddApiModal opened onClose={() => {}} onAdded={() => {}} />);
    fill(screen.getByTestId('add-api-name'), 'API 3');
    await user.click(screen.getByTestId('add-api-submit'));
    expect((await screen.findByTestId('add-api-error')).textContent).toBe('Please fill in all API fields');
    expect(screen.getByTestId('add-api-name').getAttribute('aria-invalid')).not.toBe('true');
    expect(screen.getByTestId('add-api-base-url').getAttribute('aria-invalid')).toBe('true');
    expect(posts(mock)).toEqual([]);
  });

  it('EasyPost pre-fills its official base URL; the trimmed fields, the kind and the default flag are sent', async () => {
    const created = config('api_3', { name: 'EP', kind: 'easypost' });
    const mock = stubApi({ 'POST /api/admin/config/apis': { json: { api: created, message: 'ok' } } });
    const user = setupUser();
    const onAdded = vi.fn();
    renderWithUi(<AddApiModal opened onClose={() => {}} onAdded={onAdded} />);
    await user.click(screen.getByTestId('add-api-kind'));
    await user.click(await screen.findByRole('option', { name: 'EasyPost', hidden: true }));
    await waitFor(() =>
      expect((screen.getByTestId('add-api-base-url') as HTMLInputElement).value).toBe('https://api.easypost.com'),
    );
    fill(screen.getByTestId('add-api-name'), ' EP ');
    fill(screen.getByLabelText(/API Key/), ' EZTK123 ');
    await user.click(screen.getByLabelText('Set as default API'));
    await user.click(screen.getByTestId('add-api-submit'));
    await waitFor(() => expect(onAdded).toHaveBeenCalledWith(created));
    expect(posts(mock)[0]?.body).toEqual({
      name: 'EP',
      key: 'EZTK123',
      baseUrl: 'https://api.easypost.com',
      isDefault: true,
      kind: 'easypost',
    });
  });
});
