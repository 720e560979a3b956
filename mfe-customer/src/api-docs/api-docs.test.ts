import { V1CreateBulkLabelsRequest, V1RatesRequest } from '@labeldesk/contracts';
import { describe, expect, it } from 'vitest';
import { baseUrlFor, ENDPOINTS, maskKey } from './api-docs';

describe('API Information page texts', () => {
  it('masks a key down to its mode prefix and last 4 characters', () => {
    const key = `ld_live_${'A'.repeat(36)}wxyz`;
    const masked = maskKey(key);
    expect(masked.startsWith('ld_live_')).toBe(true);
    expect(masked.endsWith('wxyz')).toBe(true);
    expect(masked).not.toContain('AAAA');
  });

  it('builds curl examples on the customer’s real base URL with the key header the API documents', () => {
    const base = baseUrlFor('https://ship.example.com/');
    expect(base).toBe('https://ship.example.com/api/v1');
    const order = ENDPOINTS.find((e) => e.path === '/orders/{order_id}');
    expect(order?.curl(base)).toBe(
      'curl -H "x-api-key: Bearer $LABELDESK_API_KEY" "https://ship.example.com/api/v1/orders/<order_id>"',
    );
    const create = ENDPOINTS.find((e) => e.path === '/create-label')?.curl(base) ?? '';
    expect(create).toContain('-X POST');
    expect(create).toContain('Idempotency-Key');
    expect(JSON.parse(create.slice(create.indexOf("'") + 1, create.lastIndexOf("'")))).toHaveProperty('packageDetails');
  });

  it('documents the bulk endpoints with copyable curl examples in the shape the API validates', () => {
    const base = baseUrlFor('https://ship.example.com');
    const bulk = ENDPOINTS.find((e) => e.path === '/create-bulk-labels')?.curl(base) ?? '';
    expect(bulk).toContain('"https://ship.example.com/api/v1/create-bulk-labels"');
    expect(bulk).toContain('Idempotency-Key');
    const body = JSON.parse(bulk.slice(bulk.indexOf("'") + 1, bulk.lastIndexOf("'")));
    expect(V1CreateBulkLabelsRequest.safeParse(body).success).toBe(true);
    expect(ENDPOINTS.find((e) => e.path === '/bulk-orders/{bulk_order_id}')?.curl(base)).toBe(
      'curl -H "x-api-key: Bearer $LABELDESK_API_KEY" "https://ship.example.com/api/v1/bulk-orders/<bulk_order_id>"',
    );
    const rates = ENDPOINTS.find((e) => e.path === '/rates')?.curl(base) ?? '';
    expect(
      V1RatesRequest.safeParse(JSON.parse(rates.slice(rates.indexOf("'") + 1, rates.lastIndexOf("'")))).success,
    ).toBe(true);
    expect(ENDPOINTS.find((e) => e.path === '/orders')?.curl(base)).toBe(
      'curl -H "x-api-key: Bearer $LABELDESK_API_KEY" "https://ship.example.com/api/v1/orders"',
    );
    expect(ENDPOINTS.find((e) => e.path === '/orders')?.description).toContain('next_cursor');
    expect(ENDPOINTS.find((e) => e.path === '/bulk-orders')?.description).toContain('partial');
    expect(ENDPOINTS.find((e) => e.path === '/orders/{order_id}/void')?.curl(base)).toBe(
      'curl -X POST -H "x-api-key: Bearer $LABELDESK_API_KEY" -H "Idempotency-Key: $(uuidgen)" "https://ship.example.com/api/v1/orders/<order_id>/void"',
    );
    expect(ENDPOINTS.find((e) => e.path === '/bulk-labels/{bulk_order_id}')?.curl(base)).toBe(
      'curl -H "x-api-key: Bearer $LABELDESK_API_KEY" "https://ship.example.com/api/v1/bulk-labels/<bulk_order_id>" -o labels.pdf',
    );
  });
});
