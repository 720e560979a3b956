import type { RemotePages } from '@labeldesk/ui';
import { lazy } from 'react';

/**
 * Admin screens, keyed by the page names the shell routes to; each page is its own chunk (the chart library of the
 * overview and pricing pages stays in their chunks).
 */
const pages: RemotePages = {
  overview: lazy(() => import('./overview/OverviewPage')),
  customers: lazy(() => import('./customers/CustomersPage')),
  orders: lazy(() => import('./orders/AllOrdersPage')),
  transactions: lazy(() => import('./deposits/DepositHistoryPage')),
  'service-management': lazy(() => import('./service-management/ServiceManagementPage')),
  pricing: lazy(() => import('./pricing/MarginsPage')),
  'api-settings': lazy(() => import('./api-settings/ApiSettingsPage')),
  'app-settings': lazy(() => import('./app-settings/AppSettingsPage')),
  faqs: lazy(() => import('./faqs/FaqManagementPage')),
  services: lazy(() => import('./service-status/ServiceStatusPage')),
};

export default pages;
