import { describe, expect, it } from 'vitest';
import { ADMIN_NAV, CUSTOMER_NAV, isActive, navFor } from './nav';

describe('navFor', () => {
  it('uses the admin sidebar for /admin and its sub-paths only', () => {
    expect(navFor('/admin')).toBe(ADMIN_NAV);
    expect(navFor('/admin/faqs')).toBe(ADMIN_NAV);
    expect(navFor('/administrator')).toBe(CUSTOMER_NAV);
    expect(navFor('/dashboard')).toBe(CUSTOMER_NAV);
  });
});

describe('isActive', () => {
  const overview = ADMIN_NAV[0]!;
  const faqs = ADMIN_NAV.find((i) => i.to === '/admin/faqs')!;
  it('highlights Overview only on /admin itself', () => {
    expect(isActive(overview, '/admin')).toBe(true);
    expect(isActive(overview, '/admin/faqs')).toBe(false);
    expect(isActive(faqs, '/admin/faqs')).toBe(true);
  });
  it('does not treat a shared prefix as a match', () => {
    const orders = CUSTOMER_NAV.find((i) => i.to === '/my-orders')!;
    expect(isActive(orders, '/my-orders-archive')).toBe(false);
  });
});
