import type { RemotePages } from '@labeldesk/ui';
import { lazy } from 'react';

const NotYet = (title: string) => lazy(() => import('./pages/NotYet').then((m) => ({ default: () => m.NotYet({ title }) })));

/** Admin screens, keyed by the page names the shell routes to; each page is its own chunk. */
const pages: RemotePages = {
  overview: NotYet('Overview'),
  customers: NotYet('Customers'),
  orders: NotYet('All Orders'),
  transactions: NotYet('Deposit History'),
  'service-management': NotYet('Service Management'),
  pricing: NotYet('Pricing'),
  'api-settings': NotYet('API Settings'),
  'app-settings': NotYet('App Settings'),
  faqs: NotYet('FAQ Management'),
  services: NotYet('Service Status'),
};

export default pages;
