import type { RemotePages } from '@labeldesk/ui';
import { lazy } from 'react';

const NotYet = (title: string) =>
  lazy(() => import('./pages/NotYet').then((m) => ({ default: () => m.NotYet({ title }) })));

/** Amazon tools, keyed by the page names the shell routes to; each page is its own chunk. */
const pages: RemotePages = {
  'amazon-convert': lazy(() => import('./amazon-convert/AmazonConvertPage')),
  'amazon-confirm': NotYet('Amazon Order Confirmation'),
};

export default pages;
