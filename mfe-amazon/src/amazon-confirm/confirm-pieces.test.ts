import type { BulkOrderDetailResponse } from '@labeldesk/contracts';
import { describe, expect, it } from 'vitest';
import { hasAmazonOrders } from './AmazonOrdersTable';
import { cookiesRejection } from './CookiesDropzone';

type Order = BulkOrderDetailResponse['orders'][number];
const detailWith = (orders: Array<Partial<Order>>) => ({ orders }) as unknown as BulkOrderDetailResponse;

describe('hasAmazonOrders (the warning shown as soon as a bulk order is chosen)', () => {
  it('needs one order with both an Amazon order id and a SKU', () => {
    expect(hasAmazonOrders(detailWith([{ amazonOrderId: '113-1', sku: 'S-1' }]))).toBe(true);
    expect(
      hasAmazonOrders(
        detailWith([
          { amazonOrderId: null, sku: 'S-1' },
          { amazonOrderId: '113-2', sku: ' ' },
        ]),
      ),
    ).toBe(false);
    expect(hasAmazonOrders(detailWith([]))).toBe(false);
  });
});

describe('cookiesRejection (a file the cookies drop zone refused)', () => {
  const file = Object.assign(new File(['x'], 'cookies.txt'), { path: 'cookies.txt', relativePath: 'cookies.txt' });
  it('a file over the limit says so; any other refusal is the SPEC parse text', () => {
    expect(cookiesRejection([{ file, errors: [{ code: 'file-too-large', message: 'big' }] }])).toBe(
      'The cookies are too large (at most 16 KB). Please upload only the Seller Central cookies.',
    );
    expect(cookiesRejection([{ file, errors: [{ code: 'file-invalid-type', message: 'type' }] }])).toBe(
      'Failed to parse the cookies file. Please ensure it is a valid JSON file.',
    );
  });
});
