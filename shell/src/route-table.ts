import type { RemoteName } from '../../federation.config';

/** Path → the remote and page that render it (SPEC §2). */
export const CUSTOMER_ROUTES: Array<[path: string, remote: RemoteName, page: string]> = [
  ['/dashboard', 'customer', 'dashboard'],
  ['/my-orders', 'customer', 'my-orders'],
  ['/manual-order', 'customer', 'manual-order'],
  ['/bulk-order', 'customer', 'bulk-order'],
  ['/balance', 'customer', 'balance'],
  ['/services', 'customer', 'services'],
  ['/api-docs', 'customer', 'api-docs'],
  ['/amazon-convert', 'amazon', 'amazon-convert'],
  ['/amazon-confirm', 'amazon', 'amazon-confirm'],
  ['/addresses', 'customer', 'addresses'],
  ['/faqs', 'customer', 'faqs'],
  ['/contact-support', 'customer', 'contact-support'],
  // Not in the SPEC's sidebar: reached from the header's Settings button (issue 23: password, two-factor sign-in).
  ['/settings', 'customer', 'settings'],
];

/** Admin paths, all rendered by the admin remote behind the admin guard. */
export const ADMIN_ROUTES: Array<[path: string, page: string]> = [
  ['/admin', 'overview'],
  ['/admin/customers', 'customers'],
  ['/admin/orders', 'orders'],
  ['/admin/transactions', 'transactions'],
  ['/admin/service-management', 'service-management'],
  ['/admin/pricing', 'pricing'],
  ['/admin/api-settings', 'api-settings'],
  ['/admin/app-settings', 'app-settings'],
  ['/admin/faqs', 'faqs'],
  ['/admin/services', 'services'],
];
