import type { User } from '@labeldesk/contracts';

/** A customer as GET /api/admin/users lists it (component tests). */
export function customerFixture(n: number, over: Partial<User> = {}): User {
  return {
    _id: `usr_${n}`,
    name: `Customer ${String(n).padStart(2, '0')}`,
    email: `customer${n}@example.com`,
    balance: n,
    totalSpend: 0,
    createdAt: '2026-11-01T12:00:00.000Z',
    isAdmin: false,
    address: null,
    city: null,
    state: null,
    zip: null,
    country: null,
    ...over,
  };
}
