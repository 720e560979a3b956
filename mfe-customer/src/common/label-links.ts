import type { LabelFormat, LabelLinkResponse } from '@labeldesk/contracts';

/** The three label documents of an order (SPEC §2 label actions). */
export type LabelAction = 'view' | 'download' | 'print';

export const LABEL_ACTION_TEXT: Record<LabelAction, { button: string; failed: string }> = {
  view: { button: 'View Label', failed: 'Failed to download label' },
  download: { button: 'Download Label', failed: 'Failed to download label' },
  print: { button: 'Print Label', failed: 'Failed to print label' },
};

/**
 * Which of the signed link's URLs an action opens, always naming the format (a link without one would follow the
 * owner's default): the attachment in the chosen format to download; the print view (always the PDF: what a browser
 * prints); the inline label to view, as PNG when that is chosen, else the PDF (a browser cannot show ZPL).
 */
export function labelUrlFor(link: LabelLinkResponse, action: LabelAction, format: LabelFormat = 'pdf'): string {
  if (action === 'download') return `${link.downloadUrl}&format=${format}`;
  if (action === 'print') return link.printUrl;
  return `${link.url}&format=${format === 'png' ? 'png' : 'pdf'}`;
}

/**
 * The format label actions start with: the customer's default when it is offered here, else the PDF (every label has
 * one). For a single label (pdf|png|zpl) and a bulk order's combined labels (pdf|zpl|letter-2up) alike.
 */
export function initialLabelFormat<F extends string>(
  offered: readonly F[],
  preferred: LabelFormat | undefined,
): F | 'pdf' {
  return preferred && (offered as readonly string[]).includes(preferred) ? (preferred as F) : 'pdf';
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
