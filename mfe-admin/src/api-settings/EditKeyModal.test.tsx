// @vitest-environment happy-dom

import { apiCalls, fill, renderWithUi, screen, setupUser, stubApi, waitFor } from '@labeldesk/ui/testing';
import { describe, expect, it, vi } from 'vitest';
import { config } from '../service-management/test-fixtures';
import { EditKeyModal } from './EditKeyModal';

const api = config('api_1', { name: 'API 1' });
const PUT = `PUT /api/admin/config/apis/${api._id}`;
const puts = (mock: ReturnType<typeof stubApi>) => apiCalls(mock).filter((c) => c.method === 'PUT');

/** The error text a field is described by (what a screen reader announces with it). */
function errorOf(input: HTMLElement): string {
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

function open(onSaved = vi.fn()) {
  renderWithUi(<EditKeyModal opened config={api} onClose={() => {}} onSaved={onSaved} />);
  return onSaved;
}

describe('Edit API Key (the contract form)', () => {
  it("refuses an empty or blank key under the field with the SPEC's text, calling nothing", async () => {
    const mock = stubApi({});
    const user = setupUser();
    open();
    const input = screen.getByLabelText('New API Key');
    for (const typed of ['', '   ']) {
      fill(input, typed);
      await user.click(screen.getByTestId('edit-key-save'));
      expect(await screen.findByText('API key cannot be empty')).toBeTruthy();
      expect(errorOf(input)).toBe('API key cannot be empty');
    }
    expect(puts(mock)).toEqual([]);
  });

  it('sends the trimmed key and hands the saved API back; a server refusal lands on the field and in the alert', async () => {
    let answer: { status?: number; json: unknown } = { json: { api: { ...api, key: '••••9999' }, message: 'ok' } };
    const mock = stubApi({ [PUT]: () => answer });
    const user = setupUser();
    const onSaved = open();
    fill(screen.getByTestId('edit-key-input'), '  sk_new_key_9999  ');
    await user.click(screen.getByTestId('edit-key-save'));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ key: '••••9999' })));
    expect(puts(mock)[0]?.body).toEqual({ key: 'sk_new_key_9999' });

    answer = {
      status: 400,
      json: {
        error: {
          code: 'invalid_input',
          message: 'API key is too long',
          details: [{ path: 'key', message: 'API key is too long' }],
        },
      },
    };
    await user.click(screen.getByTestId('edit-key-save'));
    expect((await screen.findByTestId('edit-key-error')).textContent).toBe('API key is too long');
    await waitFor(() => expect(errorOf(screen.getByLabelText('New API Key'))).toBe('API key is too long'));
  });
});
