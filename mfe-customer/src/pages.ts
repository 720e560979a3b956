import type { RemotePages } from '@labeldesk/ui';
import { lazy } from 'react';

/** Customer screens, keyed by the page names the shell routes to; each page is its own chunk. */
const pages: RemotePages = {
  dashboard: lazy(() => import('./dashboard/DashboardPage')),
  'my-orders': lazy(() => import('./my-orders/MyOrdersPage')),
  'manual-order': lazy(() => import('./manual-order/ManualOrderPage')),
  'bulk-order': lazy(() => import('./bulk-order/BulkOrderPage')),
  balance: lazy(() => import('./balance/BalancePage')),
  services: lazy(() => import('./services/ServicesPage')),
  'api-docs': lazy(() => import('./api-docs/ApiDocsPage')),
  addresses: lazy(() => import('./addresses/AddressesPage')),
  faqs: lazy(() => import('./faqs/FaqsPage')),
  'contact-support': lazy(() => import('./support/ContactSupportPage')),
  settings: lazy(() => import('./settings/SettingsPage')),
};

export default pages;
