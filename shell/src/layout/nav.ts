export interface NavItem {
  label: string;
  to: string;
}

/** SPEC §2: customer sidebar, in this order. */
export const CUSTOMER_NAV: NavItem[] = [
  { label: 'Dashboard', to: '/dashboard' },
  { label: 'My Orders', to: '/my-orders' },
  { label: 'Create Order', to: '/manual-order' },
  { label: 'CSV Bulk Order', to: '/bulk-order' },
  { label: 'Balance', to: '/balance' },
  { label: 'Services', to: '/services' },
  { label: 'API Information', to: '/api-docs' },
  { label: 'Amazon Convert', to: '/amazon-convert' },
  { label: 'Amazon Confirm', to: '/amazon-confirm' },
  { label: 'Addresses', to: '/addresses' },
  { label: 'FAQs', to: '/faqs' },
  { label: 'Contact Support', to: '/contact-support' },
];

/** SPEC §2: admin sidebar, in this order. */
export const ADMIN_NAV: NavItem[] = [
  { label: 'Overview', to: '/admin' },
  { label: 'Customers', to: '/admin/customers' },
  { label: 'Orders', to: '/admin/orders' },
  { label: 'Transactions', to: '/admin/transactions' },
  { label: 'Service Management', to: '/admin/service-management' },
  { label: 'API Settings', to: '/admin/api-settings' },
  { label: 'App Settings', to: '/admin/app-settings' },
  { label: 'FAQs', to: '/admin/faqs' },
];

/** The admin sidebar for paths starting with /admin, otherwise the customer one. */
export function navFor(pathname: string): NavItem[] {
  return pathname === '/admin' || pathname.startsWith('/admin/') ? ADMIN_NAV : CUSTOMER_NAV;
}

/** An entry is active on its own path; /admin (Overview) only on exactly /admin, others also on sub-paths. */
export function isActive(item: NavItem, pathname: string): boolean {
  if (item.to === '/admin') return pathname === '/admin' || pathname === '/admin/';
  return pathname === item.to || pathname.startsWith(`${item.to}/`);
}
