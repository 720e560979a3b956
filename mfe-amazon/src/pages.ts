import type { RemotePages } from '@labeldesk/ui';
import { lazy } from 'react';

/** Amazon tools, keyed by the page names the shell routes to; each page is its own chunk. */
const pages: RemotePages = {
  'amazon-convert': lazy(() => import('./amazon-convert/AmazonConvertPage')),
  'amazon-confirm': lazy(() => import('./amazon-confirm/AmazonConfirmPage')),
};

export default pages;
