// @vitest-environment happy-dom

import {
  apiCalls,
  clickedLinks,
  renderWithUi,
  screen,
  setupUser,
  stubApi,
  waitFor,
  within,
} from '@labeldesk/ui/testing';
import { describe, expect, it, vi } from 'vitest';
import { LabelActions } from './LabelActions';

/** My Orders' label actions offer the formats of the label's service only (issue 24: nothing is faked). */
describe('LabelActions: the formats the label can be had in', () => {
  const link = {
    url: '/api/labels/ord_1?exp=9&sig=s',
    downloadUrl: '/api/labels/ord_1/download?exp=9&sig=s',
    printUrl: '/api/labels/ord_1/print?exp=9&sig=s',
    expiresAt: '2030-01-01T00:00:00.000Z',
  };

  it('offers every format of a service that prints them, starts at the default, and downloads the ZPL file', async () => {
    const api = stubApi({
      'GET /api/label-settings': { json: { labelFormat: 'zpl', zplDpi: 203 } },
      'POST /api/labels/ord_1/link': { json: link },
    });
    const links = clickedLinks();
    try {
      const user = setupUser();
      renderWithUi(<LabelActions orderId="ord_1" available formats={['pdf', 'png', 'zpl']} />);
      const choice = await screen.findByTestId('label-format');
      expect(
        within(choice)
          .getAllByRole('radio')
          .map((r) => r.getAttribute('value')),
      ).toEqual(['pdf', 'png', 'zpl']);
      await waitFor(() => expect(within(choice).getByRole('radio', { name: 'ZPL' })).toHaveProperty('checked', true));
      await user.click(screen.getByTestId('label-download'));
      await waitFor(() => expect(links.hrefs).toHaveLength(1));
      expect(links.hrefs[0]).toMatch(/\/api\/labels\/ord_1\/download\?exp=9&sig=s&format=zpl$/);
      expect(
        apiCalls(api)
          .filter((c) => c.method === 'POST')
          .map((c) => c.path),
      ).toEqual(['/api/labels/ord_1/link']);
    } finally {
      links.restore();
    }
  });

  it('a label whose service prints PDF only offers no format choice, and downloads the PDF even when ZPL is the default', async () => {
    stubApi({
      'GET /api/label-settings': { json: { labelFormat: 'zpl', zplDpi: 203 } },
      'POST /api/labels/ord_1/link': { json: link },
    });
    const open = vi.spyOn(window, 'open').mockImplementation(() => ({}) as Window);
    try {
      const user = setupUser();
      renderWithUi(<LabelActions orderId="ord_1" available formats={['pdf']} />);
      await screen.findByTestId('label-download');
      expect(screen.queryByTestId('label-format')).toBeNull();
      expect(screen.queryByRole('radio', { name: 'ZPL' })).toBeNull();
      await user.click(screen.getByTestId('label-download'));
      await waitFor(() => expect(open).toHaveBeenCalledTimes(1));
      expect(open.mock.calls[0]?.[0]).toMatch(/\/api\/labels\/ord_1\/download\?exp=9&sig=s&format=pdf$/);
    } finally {
      open.mockRestore();
    }
  });
});
