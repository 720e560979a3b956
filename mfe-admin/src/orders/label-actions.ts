import { errorMessage } from '@labeldesk/api-client';
import type { LabelLinkResponse } from '@labeldesk/contracts';

export const DOWNLOAD_FAILED = 'Failed to download label';
/** SPEC §8: shown as an alert. */
export const PRINT_FAILED = 'Failed to print label';

export type LabelAction = 'download' | 'print';
/** Which rows have an action running (row id → action): their buttons are disabled meanwhile. */
export type RowBusy<A extends string = LabelAction> = Readonly<Record<string, A>>;

/** The busy map with `rowId` marked, or null when that row already runs an action (a second click is ignored). */
export function startBusy<A extends string>(busy: RowBusy<A>, rowId: string, action: A): RowBusy<A> | null {
  if (busy[rowId]) return null;
  return { ...busy, [rowId]: action };
}

export function endBusy<A extends string>(busy: RowBusy<A>, rowId: string): RowBusy<A> {
  if (!busy[rowId]) return busy;
  const { [rowId]: _done, ...rest } = busy;
  return rest;
}

/** Where a screen keeps its busy rows: `current` is read synchronously (two clicks in one tick), `publish` re-renders. */
export interface RowBusyCell<A extends string> {
  current: RowBusy<A>;
  publish: (busy: RowBusy<A>) => void;
}

/**
 * Runs one row's action unless that row is already busy: marks the row, clears the last error, awaits `work` and
 * reports its failure text (null or nothing when it went well), then frees the row even when `work` threw.
 */
export async function runRowAction<A extends string>(
  cell: RowBusyCell<A>,
  setError: (error: string | null) => void,
  rowId: string,
  action: A,
  work: () => Promise<string | null | undefined>,
): Promise<void> {
  const started = startBusy(cell.current, rowId, action);
  if (!started) return;
  cell.current = started;
  cell.publish(started);
  setError(null);
  try {
    const failure = await work();
    if (failure) setError(failure);
  } finally {
    cell.current = endBusy(cell.current, rowId);
    cell.publish(cell.current);
  }
}

/** A browser tab opened blank on the click and pointed at the label once its signed link is known. */
export interface LabelTab {
  navigate: (url: string) => void;
  close: () => void;
}

export interface LabelActionDeps {
  /** POST /api/labels/{id}/link. */
  link: (orderId: string) => Promise<LabelLinkResponse>;
  /**
   * Opens a blank tab synchronously, while the click still counts as a user gesture (a tab opened only after the
   * link arrived would be caught by popup blockers). Null when the browser refused.
   */
  openTab: () => LabelTab | null;
  /** Opens a URL in a new tab (the fallback when no blank tab could be opened). */
  openUrl: (url: string) => void;
  /** Saves the document behind a URL as a file, without leaving the page. */
  download: (url: string) => void;
  alert: (message: string) => void;
}

/**
 * Download label: a fresh signed link, then the PDF as an attachment (asked for by name: a link without a format
 * follows the owner's default, which may be ZPL or PNG, and the admin's download is the SPEC's PDF). Resolves to the
 * message to show on failure (the server's, else 'Failed to download label'), or null when the download started.
 */
export async function downloadLabel(orderId: string, deps: LabelActionDeps): Promise<string | null> {
  try {
    const link = await deps.link(orderId);
    deps.download(`${link.downloadUrl}${link.downloadUrl.includes('?') ? '&' : '?'}format=pdf`);
    return null;
  } catch (e) {
    return errorMessage(e, DOWNLOAD_FAILED);
  }
}

/**
 * Print label: a tab opened on the click shows the print view once the signed link is known. On failure the blank tab
 * is closed again and an alert says why (the server's message, else 'Failed to print label').
 */
export async function printLabel(orderId: string, deps: LabelActionDeps): Promise<boolean> {
  const tab = deps.openTab();
  try {
    const link = await deps.link(orderId);
    if (tab) tab.navigate(link.printUrl);
    else deps.openUrl(link.printUrl);
    return true;
  } catch (e) {
    tab?.close();
    deps.alert(errorMessage(e, PRINT_FAILED));
    return false;
  }
}
