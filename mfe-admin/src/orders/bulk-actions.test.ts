import { ApiClientError } from '@labeldesk/api-client';
import { BULK_MESSAGES, type BulkLabelLinkResponse, type BulkOrderDetailResponse } from '@labeldesk/contracts';
import { describe, expect, it } from 'vitest';
import {
  adminBulkQuery,
  type BulkActionDeps,
  bulkCountText,
  bulkEmptyState,
  downloadAllLabels,
  downloadTrackings,
} from './bulk-actions';
import { endBusy, startBusy } from './label-actions';

const link: BulkLabelLinkResponse = {
  url: '/api/labels/bulk/blk_7?sig=a',
  downloadUrl: '/api/labels/bulk/blk_7/download?sig=a',
  expiresAt: '2026-11-24T10:05:00.000Z',
};

const party = (name: string) => ({
  name,
  company: '',
  street1: '1 Main St',
  street2: '',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  country: 'US',
  phone: '512-555-0100',
  email: '',
});

function detail(orders: Array<{ tracking: string; hasLabel: boolean }>): BulkOrderDetailResponse {
  return {
    bulkOrder: { bulkOrderId: 'blk_7' } as BulkOrderDetailResponse['bulkOrder'],
    orders: orders.map((o, i) => ({
      orderId: `ord_${i}`,
      serviceName: 'UPS Ground',
      sender: party('Sender'),
      recipient: party(`Recipient ${i}`),
      trackingNumber: o.tracking,
      createdAt: '2026-11-24T09:00:00.000Z',
      hasLabel: o.hasLabel,
      rowIndex: i,
    })) as unknown as BulkOrderDetailResponse['orders'],
    failedOrders: [],
  };
}

function fakes(answers: Partial<Pick<BulkActionDeps, 'bulkLink' | 'detail'>> = {}) {
  const log: string[] = [];
  const deps: BulkActionDeps = {
    bulkLink: answers.bulkLink ?? (async () => link),
    detail: answers.detail ?? (async () => detail([{ tracking: '1Z1', hasLabel: true }])),
    download: (url) => log.push(`download ${url}`),
    save: (content, name) => log.push(`save ${name} ${content.split('\r\n').length} lines`),
    now: () => new Date(2026, 10, 24, 10, 11, 12),
  };
  return { deps, log };
}

describe('admin bulk orders tab', () => {
  it('queries by bulk order id and dates, never by status, and refuses an inverted range', () => {
    expect(adminBulkQuery({ search: ' blk_1 ', from: '2026-11-01', to: null }, 2, 25)).toEqual({
      ok: true,
      query: { page: 2, limit: 25, search: 'blk_1', from: '2026-11-01' },
    });
    expect(adminBulkQuery({ search: '', from: '2026-11-02', to: '2026-11-01' }, 1, 10)).toEqual({
      ok: false,
      error: 'From date cannot be after To date',
    });
  });

  it('has the SPEC empty states and a count', () => {
    expect(bulkEmptyState(false)).toEqual({
      title: 'No Bulk Orders Found',
      message: 'There are no bulk orders in the system yet.',
    });
    expect(bulkEmptyState(true).message).toBe('No orders match your search criteria. Try adjusting your filters.');
    expect(bulkCountText(1, false)).toBe('1 bulk order');
    expect(bulkCountText(3, true)).toBe('3 matching bulk orders');
  });

  it('marks a row busy once per action', () => {
    const busy = startBusy<'labels' | 'trackings'>({}, 'blk_1', 'labels');
    expect(busy).toEqual({ blk_1: 'labels' });
    expect(busy && startBusy(busy, 'blk_1', 'trackings')).toBeNull();
    expect(busy && endBusy(busy, 'blk_1')).toEqual({});
  });

  it('downloads all labels through a signed link, or says why not', async () => {
    const ok = fakes();
    expect(await downloadAllLabels('blk_7', ok.deps)).toBeNull();
    expect(ok.log).toEqual(['download /api/labels/bulk/blk_7/download?sig=a']);
    const refused = fakes({
      bulkLink: () => Promise.reject(new ApiClientError(404, 'not_found', BULK_MESSAGES.labelsNotReady)),
    });
    expect(await downloadAllLabels('blk_7', refused.deps)).toBe(BULK_MESSAGES.labelsNotReady);
    const offline = fakes({ bulkLink: () => Promise.reject(new ApiClientError(0, 'network_error', 'x')) });
    expect(await downloadAllLabels('blk_7', offline.deps)).toBe('Failed to download combined labels');
    expect(offline.log).toEqual([]);
  });

  it('saves the trackings CSV of the orders with labels, named by SPEC §9', async () => {
    const { deps, log } = fakes({
      detail: async () =>
        detail([
          { tracking: '1Z1', hasLabel: true },
          { tracking: 'PENDING', hasLabel: false },
          { tracking: '1Z3', hasLabel: true },
        ]),
    });
    expect(await downloadTrackings('blk_7', deps)).toBeNull();
    expect(log).toEqual(['save Bulk_Order_7_112426101112.csv 3 lines']);
  });

  it('says so when nothing has a tracking number yet, or the details cannot be read', async () => {
    const none = fakes({ detail: async () => detail([{ tracking: 'PENDING', hasLabel: false }]) });
    expect(await downloadTrackings('blk_7', none.deps)).toBe(BULK_MESSAGES.labelsNotReady);
    const failing = fakes({ detail: () => Promise.reject(new ApiClientError(500, 'internal_error', 'x')) });
    expect(await downloadTrackings('blk_7', failing.deps)).toBe('Failed to download trackings CSV');
    expect(none.log).toEqual([]);
  });
});
