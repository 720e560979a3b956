import { describe, expect, it } from 'vitest';
import { ADMIN_NAV, CUSTOMER_NAV, isActive, type NavItem, navFor } from './nav';

describe('navFor', () => {
  it('uses the admin sidebar for /admin and its sub-paths only', () => {
    expect(navFor('/admin')).toBe(ADMIN_NAV);
    expect(navFor('/admin/faqs')).toBe(ADMIN_NAV);
    expect(navFor('/administrator')).toBe(CUSTOMER_NAV);
    expect(navFor('/dashboard')).toBe(CUSTOMER_NAV);
  });
});

function item(list: NavItem[], to: string): NavItem {
  const found = list.find((i) => i.to === to);
  if (!found) throw new Error(`no nav item for ${to}`);
  return found;
}

describe('isActive', () => {
  const overview = item(ADMIN_NAV, '/admin');
  const faqs = item(ADMIN_NAV, '/admin/faqs');
  it('highlights Overview only on /admin itself', () => {
    expect(isActive(overview, '/admin')).toBe(true);
    expect(isActive(overview, '/admin/faqs')).toBe(false);
    expect(isActive(faqs, '/admin/faqs')).toBe(true);
  });
  it('does not treat a shared prefix as a match', () => {
    const orders = item(CUSTOMER_NAV, '/my-orders');
    expect(isActive(orders, '/my-orders-archive')).toBe(false);
  });
});
