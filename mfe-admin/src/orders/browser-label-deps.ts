import { api } from '@labeldesk/api-client';
import { downloadUrl, saveFile } from '@labeldesk/ui';
import type { BulkActionDeps } from './bulk-actions';
import type { LabelActionDeps } from './label-actions';

const absolute = (url: string) => new URL(url, window.location.href).href;

/** The label actions as the browser runs them: signed links from the API, new tabs, a file download, an alert. */
export const browserLabelDeps: LabelActionDeps = {
  link: (orderId) => api.labels.link(orderId),
  openTab: () => {
    const tab = window.open('', '_blank');
    if (!tab) return null;
    // The label tab gets no handle back on this page (what 'noopener' would give, which also hides the tab from us).
    tab.opener = null;
    return {
      navigate: (url) => {
        tab.location.href = absolute(url);
      },
      close: () => tab.close(),
    };
  },
  openUrl: (url) => {
    window.open(absolute(url), '_blank', 'noopener');
  },
  download: (url) => downloadUrl(url),
  alert: (message) => window.alert(message),
};

/** The bulk order actions as the browser runs them: signed links and details from the API, file downloads. */
export const browserBulkDeps: BulkActionDeps = {
  bulkLink: (bulkOrderId) => api.labels.bulkLink(bulkOrderId),
  detail: (bulkOrderId) => api.adminBulk.get(bulkOrderId),
  download: (url) => browserLabelDeps.download(url),
  save: (content, fileName, mimeType) => saveFile(content, fileName, mimeType),
  now: () => new Date(),
};
