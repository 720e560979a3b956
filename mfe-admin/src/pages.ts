import type { RemotePages } from '@labeldesk/ui';
import { lazy } from 'react';

const NotYet = (title: string) =>
  lazy(() => import('./pages/NotYet').then((m) => ({ default: () => m.NotYet({ title }) })));

/**
 * Admin screens, keyed by the page names the shell routes to; each page is its own chunk (the overview's chart library
 * stays in the overview's chunk). Pages later work builds stay "not available yet" (no fake figures).
 */
const pages: RemotePages = {
  overview: lazy(() => import('./overview/OverviewPage')),
  customers: lazy(() => import('./customers/CustomersPage')),
  orders: lazy(() => import('./orders/AllOrdersPage')),
  transactions: lazy(() => import('./deposits/DepositHistoryPage')),
  'service-management': lazy(() => import('./service-management/ServiceManagementPage')),
  pricing: NotYet('Pricing'),
  'api-settings': lazy(() => import('./api-settings/ApiSettingsPage')),
  'app-settings': lazy(() => import('./app-settings/AppSettingsPage')),
  faqs: lazy(() => import('./faqs/FaqManagementPage')),
  services: lazy(() => import('./service-status/ServiceStatusPage')),
};

export default pages;
