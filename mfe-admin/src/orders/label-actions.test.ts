import { ApiClientError } from '@labeldesk/api-client';
import type { LabelLinkResponse } from '@labeldesk/contracts';
import { describe, expect, it } from 'vitest';
import {
  downloadLabel,
  endBusy,
  type LabelActionDeps,
  printLabel,
  type RowBusy,
  type RowBusyCell,
  runRowAction,
  startBusy,
} from './label-actions';

const link: LabelLinkResponse = {
  url: '/api/labels/ord_1?sig=a',
  downloadUrl: '/api/labels/ord_1/download?sig=a',
  printUrl: '/api/labels/ord_1/print?sig=a',
  expiresAt: '2026-03-01T10:05:00.000Z',
};

/** Records what the browser was asked to do. */
function fakeBrowser(answer: () => Promise<LabelLinkResponse>, tabAllowed = true) {
  const log: string[] = [];
  const deps: LabelActionDeps = {
    link: (orderId) => {
      log.push(`link ${orderId}`);
      return answer();
    },
    openTab: () => {
      if (!tabAllowed) return null;
      log.push('open blank tab');
      return { navigate: (url) => log.push(`tab → ${url}`), close: () => log.push('close tab') };
    },
    openUrl: (url) => log.push(`open ${url}`),
    download: (url) => log.push(`download ${url}`),
    alert: (message) => log.push(`alert ${message}`),
  };
  return { deps, log };
}

const notFound = () => Promise.reject(new ApiClientError(404, 'not_found', 'Label not found'));
const offline = () => Promise.reject(new ApiClientError(0, 'network_error', 'Network error'));

describe('downloadLabel', () => {
  it("asks for a signed link and downloads the attachment URL as PDF, whatever the owner's default format", async () => {
    const { deps, log } = fakeBrowser(async () => link);
    expect(await downloadLabel('ord_1', deps)).toBeNull();
    expect(log).toEqual(['link ord_1', 'download /api/labels/ord_1/download?sig=a&format=pdf']);
  });

  it("returns the server's message, else 'Failed to download label', and downloads nothing", async () => {
    const refused = fakeBrowser(notFound);
    expect(await downloadLabel('ord_1', refused.deps)).toBe('Label not found');
    expect(refused.log).toEqual(['link ord_1']);
    expect(await downloadLabel('ord_1', fakeBrowser(offline).deps)).toBe('Failed to download label');
  });
});

describe('printLabel', () => {
  it('opens a tab on the click and points it at the print view once the link is known', async () => {
    const { deps, log } = fakeBrowser(async () => link);
    expect(await printLabel('ord_1', deps)).toBe(true);
    expect(log).toEqual(['open blank tab', 'link ord_1', 'tab → /api/labels/ord_1/print?sig=a']);
  });

  it('falls back to opening the URL when the browser refused the blank tab', async () => {
    const { deps, log } = fakeBrowser(async () => link, false);
    expect(await printLabel('ord_1', deps)).toBe(true);
    expect(log).toEqual(['link ord_1', 'open /api/labels/ord_1/print?sig=a']);
  });

  it("closes the blank tab and alerts 'Failed to print label' (or the server's message) on failure", async () => {
    const offlineRun = fakeBrowser(offline);
    expect(await printLabel('ord_1', offlineRun.deps)).toBe(false);
    expect(offlineRun.log).toEqual(['open blank tab', 'link ord_1', 'close tab', 'alert Failed to print label']);
    const refused = fakeBrowser(notFound);
    await printLabel('ord_1', refused.deps);
    expect(refused.log.at(-1)).toBe('alert Label not found');
  });
});

describe('row busy flags', () => {
  it('marks one row at a time per row, ignores a second action on a busy row, leaves other rows free', () => {
    const idle: RowBusy = {};
    const one = startBusy(idle, 'ord_1', 'download');
    expect(one).toEqual({ ord_1: 'download' });
    if (!one) throw new Error('expected the row to start');
    expect(startBusy(one, 'ord_1', 'print')).toBeNull();
    const two = startBusy(one, 'ord_2', 'print');
    expect(two).toEqual({ ord_1: 'download', ord_2: 'print' });
    if (!two) throw new Error('expected the second row to start');
    expect(endBusy(two, 'ord_1')).toEqual({ ord_2: 'print' });
    expect(endBusy(idle, 'ord_9')).toBe(idle);
  });
});

describe('runRowAction', () => {
  function cell() {
    const published: RowBusy[] = [];
    const errors: (string | null)[] = [];
    const c: RowBusyCell<'download' | 'print'> = { current: {}, publish: (b) => published.push(b) };
    return { c, published, errors, setError: (e: string | null) => errors.push(e) };
  }

  it('marks the row while the action runs, ignores a second click on it, and reports the failure', async () => {
    const { c, published, errors, setError } = cell();
    let finish: (failure: string | null) => void = () => {};
    const first = runRowAction(c, setError, 'ord_1', 'download', () => new Promise((r) => (finish = r)));
    expect(c.current).toEqual({ ord_1: 'download' });
    let secondRan = false;
    await runRowAction(c, setError, 'ord_1', 'print', async () => {
      secondRan = true;
      return null;
    });
    expect(secondRan).toBe(false);
    finish('Failed to download label');
    await first;
    expect(c.current).toEqual({});
    expect(published).toEqual([{ ord_1: 'download' }, {}]);
    expect(errors).toEqual([null, 'Failed to download label']);
  });

  it('frees the row when the action throws, and leaves other rows busy', async () => {
    const { c, setError, errors } = cell();
    c.current = { ord_2: 'print' };
    await expect(
      runRowAction(c, setError, 'ord_1', 'download', async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(c.current).toEqual({ ord_2: 'print' });
    expect(errors).toEqual([null]);
  });
});
