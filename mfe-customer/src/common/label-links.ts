import type { LabelLinkResponse } from '@labeldesk/contracts';

/** The three label documents of an order (SPEC §2 label actions). */
export type LabelAction = 'view' | 'download' | 'print';

export const LABEL_ACTION_TEXT: Record<LabelAction, { button: string; failed: string }> = {
  view: { button: 'View Label', failed: 'Failed to download label' },
  download: { button: 'Download Label', failed: 'Failed to download label' },
  print: { button: 'Print Label', failed: 'Failed to print label' },
};

/** Which of the signed link's URLs an action opens: the inline PDF, the attachment, or the print view. */
export function labelUrlFor(link: LabelLinkResponse, action: LabelAction): string {
  if (action === 'download') return link.downloadUrl;
  if (action === 'print') return link.printUrl;
  return link.url;
}

/**
 * Opens a URL of our own origin in a new tab. Returns false when the browser blocked the tab (a popup not tied to a
 * click), so the screen can show a link instead. (`noopener` in the features would make window.open return null even
 * when the tab opened, so the opener is cut by hand.)
 */
export function openInNewTab(url: string): boolean {
  const tab = window.open(url, '_blank');
  if (!tab) return false;
  tab.opener = null;
  return true;
}
