import { AddressListResponse, BULK_MESSAGES, type ShippingApiConfig } from '@labeldesk/contracts';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema';
import { csvRow, postProcess, upsGroundSelection, validateRows } from './bulk-engine-support';
import { call, errorOf, register, type TestServer } from './helpers';
import { moneyOf, newCustomer, startShop } from './orders-support';

/**
 * Text fields that carry something else: numbers, and names.
 *
 * Numbers carried as text (CSV cells in bulk JSON, list query strings) are plain decimals only: `0x10` was priced as a
 * 16 lb parcel, `1e3` as 1,000. Each is refused with the field's own message and nothing is bought.
 */
let server: TestServer;
let admin: string;
let api1: ShippingApiConfig;

beforeAll(async () => {
  ({ server, admin, api1 } = await startShop());
});
afterAll(() => server.stop());

describe('numbers written as text', () => {
  const NOT_PLAIN = ['0x10', '1e3', '1E1', 'Infinity', '1 0', '1,5', '0b11', '1_0'];

  it('bulk validate refuses hex, exponent, Infinity and inner spaces in every number column, with the column message', async () => {
    const buyer = await newCustomer(server, admin, 0);
    const rows = NOT_PLAIN.flatMap((v) => [csvRow({ weight: v }), csvRow({ length: v, width: v, height: v })]);
    const plain = [csvRow({ weight: ' 2.5 ' }), csvRow({ weight: '.5', length: '10.' })];
    const result = await validateRows(server, buyer.token, api1, [...rows, ...plain]);
    NOT_PLAIN.forEach((v, i) => {
      expect(result.results[2 * i], v).toMatchObject({
        isValid: false,
        price: null,
        errors: [BULK_MESSAGES.invalidNumber('weight')],
      });
      expect(result.results[2 * i + 1]?.errors, v).toEqual([
        BULK_MESSAGES.invalidNumber('length'),
        BULK_MESSAGES.invalidNumber('width'),
        BULK_MESSAGES.invalidNumber('height'),
      ]);
    });
    // Plain decimals (blanks around them, a leading or trailing point) are still numbers.
    expect(result.results.slice(rows.length).map((r) => r.isValid)).toEqual([true, true]);
    expect(result.validCount).toBe(2);
  });

  it('bulk process does not buy a row whose weight is 0x10, and holds nothing', async () => {
    const buyer = await newCustomer(server, admin, 100);
    const res = await postProcess(server, buyer.token, {
      ...upsGroundSelection(api1),
      orders: [{ rowIndex: 0, data: csvRow({ weight: '0x10' }), price: 20 }],
      totalPrice: 20,
    });
    expect(res.status, res.text).toBe(400);
    expect(errorOf(res).error.message).toContain(BULK_MESSAGES.invalidNumber('weight'));
    expect(await moneyOf(server, buyer.id)).toMatchObject({ balance: 100_00, debits: 0 });
  });

  it('list queries take page and limit as plain whole numbers only', async () => {
    const buyer = await newCustomer(server, admin, 0);
    for (const q of [
      '?page=0x1',
      '?page=1e0',
      '?page=Infinity',
      '?page=1%200',
      '?limit=1e1',
      '?limit=0xa',
      '?limit=10.0',
    ]) {
      const res = await call(server, 'GET', `/api/orders${q}`, { token: buyer.token });
      expect(res.status, q).toBe(400);
      expect(errorOf(res).error.code, q).toBe('invalid_input');
    }
    expect(errorOf(await call(server, 'GET', '/api/orders?limit=0xa', { token: buyer.token })).error.message).toBe(
      'Page size must be 10, 25, 50 or 100',
    );
    expect(errorOf(await call(server, 'GET', '/api/orders?page=0x1', { token: buyer.token })).error.message).toBe(
      'Page must be a whole number',
    );
    const ok = await call(server, 'GET', '/api/orders?page=%201%20&limit=25', { token: buyer.token });
    expect(ok.status, ok.text).toBe(200);
  });
});

/** Names made only of zero-width or blank-rendering characters look empty on every screen, label and CSV. */
describe('names made only of invisible characters', () => {
  const INVISIBLE = ['\u200B', '\u200B\u200C\u200D', '\u2060\uFEFF', '\u3164', '\u00AD', ' \u200E '];
  const address = {
    name: 'Warehouse',
    company: '',
    street1: '1 Main St',
    street2: '',
    city: 'Springfield',
    state: 'IL',
    zip: '62701',
    country: 'US',
    phone: '555-0100',
  };

  it('registration refuses them with "Name is required" and creates no user', async () => {
    const [before] = await server.services.db.select({ n: count() }).from(users);
    for (const [i, name] of INVISIBLE.entries()) {
      const res = await call(server, 'POST', '/api/auth/register', {
        json: { name, email: `ghost${i}-${Date.now()}@example.com`, password: 'a-long-enough-passphrase-42' },
        headers: { 'X-Forwarded-For': `203.0.113.${i + 1}` },
      });
      expect(res.status, JSON.stringify(name)).toBe(400);
      expect(errorOf(res).error.message).toBe('Name is required');
    }
    const [after] = await server.services.db.select({ n: count() }).from(users);
    expect(after?.n).toBe(before?.n);
    // A name with a visible character around an invisible one is a name.
    const ok = await register(
      server,
      { name: 'Zoë\u200B', email: `zoe-${Date.now()}@example.com`, password: 'a-long-enough-passphrase-42' },
      { 'X-Forwarded-For': '203.0.113.99' },
    );
    expect(ok.user.name).toBe('Zoë\u200B');
  });

  it('addresses refuse an invisible name, street or city with the field text, and save nothing', async () => {
    const buyer = await newCustomer(server, admin, 0);
    for (const [field, message] of [
      ['name', 'Name is required'],
      ['street1', 'Street address is required'],
      ['city', 'City is required'],
    ] as const) {
      for (const value of INVISIBLE) {
        const res = await call(server, 'POST', '/api/addresses', {
          token: buyer.token,
          json: { ...address, [field]: value },
        });
        expect(res.status, `${field} ${JSON.stringify(value)}`).toBe(400);
        expect(errorOf(res).error.message).toBe(message);
      }
    }
    const list = AddressListResponse.parse((await call(server, 'GET', '/api/addresses', { token: buyer.token })).body);
    expect(list.addresses).toEqual([]);
  });

  it('a bulk row whose recipient name is zero-width spaces is invalid, with the column and the field text', async () => {
    const buyer = await newCustomer(server, admin, 0);
    const result = await validateRows(server, buyer.token, api1, [
      csvRow({ toName: '\u200B\u200B' }),
      csvRow({ fromName: '\u2060' }),
    ]);
    expect(result.results.map((r) => r.errors)).toEqual([['toName: Name is required'], ['fromName: Name is required']]);
  });
});

describe('full-width formula characters', () => {
  it('a bulk cell starting with ＝ ＋ － or ＠ is refused as a formula, as its ASCII form is', async () => {
    const buyer = await newCustomer(server, admin, 0);
    const result = await validateRows(server, buyer.token, api1, [
      csvRow({ toName: '\uFF1DHYPERLINK("http://x")' }),
      csvRow({ description: '\uFF20SUM(A1)' }),
      csvRow({ toCompany: '\uFF0Bcmd' }),
      csvRow({ toStreet2: '\uFF0D2\uFF0B3' }),
    ]);
    expect(result.results.map((r) => r.errors)).toEqual([
      [BULK_MESSAGES.formulaCell('toName')],
      [BULK_MESSAGES.formulaCell('description')],
      [BULK_MESSAGES.formulaCell('toCompany')],
      [BULK_MESSAGES.formulaCell('toStreet2')],
    ]);
  });
});
