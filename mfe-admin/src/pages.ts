import type { RemotePages } from '@labeldesk/ui';
import { lazy } from 'react';

const NotYet = (title: string) =>
  lazy(() => import('./pages/NotYet').then((m) => ({ default: () => m.NotYet({ title }) })));

/**
 * Admin screens, keyed by the page names the shell routes to; each page is its own chunk. The overview stays "not
 * available yet" until label statistics exist (no fake figures).
 */
const pages: RemotePages = {
  overview: NotYet('Overview'),
  customers: NotYet('Customers'),
  orders: NotYet('All Orders'),
  transactions: NotYet('Deposit History'),
  'service-management': NotYet('Service Management'),
  pricing: NotYet('Pricing'),
  'api-settings': NotYet('API Settings'),
  'app-settings': lazy(() => import('./app-settings/AppSettingsPage')),
  faqs: lazy(() => import('./faqs/FaqManagementPage')),
  services: NotYet('Service Status'),
};

export default pages;
