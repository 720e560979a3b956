// @vitest-environment happy-dom

import { apiCalls, renderWithUi, screen, setupUser, stubApi, waitFor } from '@labeldesk/ui/testing';
import { describe, expect, it } from 'vitest';
import { LabelSettingsSection } from './LabelSettingsSection';

const radio = (name: string) => screen.getByRole('radio', { name }) as HTMLInputElement;
const hint = () => screen.getByTestId('label-settings-format-hint').textContent;
const puts = (mock: ReturnType<typeof stubApi>) =>
  apiCalls(mock).filter((c) => c.method === 'PUT' && c.path === '/api/label-settings');

describe('Settings › Labels (issue 24)', () => {
  it("shows the saved format and dpi, then saves the customer's new choice and says so", async () => {
    let saved = { labelFormat: 'zpl', zplDpi: 300 };
    const api = stubApi({
      'GET /api/label-settings': () => ({ json: saved }),
      'PUT /api/label-settings': (call) => {
        saved = call.body as typeof saved;
        return { json: saved };
      },
    });
    const user = setupUser();
    renderWithUi(<LabelSettingsSection />);
    await waitFor(() => expect(radio('ZPL').checked).toBe(true), { timeout: 5_000 });
    expect(radio('300 dpi').checked).toBe(true);
    expect(hint()).toContain('thermal printers');

    await user.click(radio('PNG'));
    expect(hint()).toBe('PNG: a 4x6 in image at 300 dpi (1200 x 1800).');
    await user.click(radio('203 dpi'));
    await user.click(screen.getByTestId('label-settings-submit'));
    expect((await screen.findByTestId('label-settings-success')).textContent).toBe('Label settings saved');
    // The dpi goes out as the number the contract takes, not the control's text.
    expect(puts(api).map((c) => c.body)).toEqual([{ labelFormat: 'png', zplDpi: 203 }]);
  });

  it('a refused save lands on its field; a failed one is an alert; neither says saved', async () => {
    let answer: { status: number; json: unknown } = {
      status: 400,
      json: {
        error: {
          code: 'invalid_input',
          message: 'Validation failed',
          details: [{ path: 'labelFormat', message: 'Choose PDF, PNG or ZPL' }],
        },
      },
    };
    const api = stubApi({
      'GET /api/label-settings': { json: { labelFormat: 'pdf', zplDpi: 203 } },
      'PUT /api/label-settings': () => answer,
    });
    const user = setupUser();
    renderWithUi(<LabelSettingsSection />);
    await waitFor(() => expect(radio('PDF').checked).toBe(true), { timeout: 5_000 });
    await user.click(radio('ZPL'));
    await user.click(screen.getByTestId('label-settings-submit'));
    expect(await screen.findByText('Choose PDF, PNG or ZPL')).toBeTruthy();

    answer = { status: 503, json: { error: { code: 'unavailable', message: 'Database is busy', details: [] } } };
    await user.click(screen.getByTestId('label-settings-submit'));
    // A server failure is not the customer's to read: the screen's own text.
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to save label settings');
    expect(screen.queryByTestId('label-settings-success')).toBeNull();
    expect(puts(api)).toHaveLength(2);
  });

  it('says when the settings cannot be loaded, and offers no form to save', async () => {
    stubApi({
      'GET /api/label-settings': {
        status: 503,
        json: { error: { code: 'unavailable', message: 'Database is busy', details: [] } },
      },
    });
    renderWithUi(<LabelSettingsSection />);
    const failure = await screen.findByTestId('label-settings-load-error', {}, { timeout: 5_000 });
    expect(failure.textContent).toContain('Failed to load label settings');
    expect(screen.queryByTestId('label-settings-submit')).toBeNull();
  });
});
