import { ApiClientError, errorMessage } from '@labeldesk/api-client';
import {
  BULK_MESSAGES,
  type BulkCsvRowData,
  type BulkOrder,
  type BulkProcessRequest,
  type BulkRowResult,
  type BulkStatus,
  type Carrier,
} from '@labeldesk/contracts';
import { centsToUsd, roundUsdToCents } from '@labeldesk/pricing';
import { type SettledQueryState, settledOf } from '../common/settled-query';
import { type ServicePick, templateFor } from '../ordering/service-choice';

// Timers (SPEC §9) ---------------------------------------------------------------------------------------------------

/** A new file is validated 0.5 s after it was picked. */
export const FILE_VALIDATE_DELAY_MS = 500;
/** A change of API (or carrier, service, template) re-validates the rows 0.1 s later. */
export const PICK_REVALIDATE_DELAY_MS = 100;
/** The end-of-bulk-order message clears after 10 s (SPEC §4; §9 says 8-10 s). */
export const BULK_MESSAGE_MS = 10_000;
/** Bulk orders the tracker reads per poll (newest first): a running one is always among the latest. */
export const TRACKER_PAGE_SIZE = 25;

// Validation results and selection ----------------------------------------------------------------------------------

/** SPEC §4 bulk validation: idle, validating, valid, invalid (+ the call failing). */
export type Validation =
  | { kind: 'idle' }
  | { kind: 'validating' }
  | { kind: 'done'; results: BulkRowResult[] }
  | { kind: 'failed'; message: string };

/** Where the validation query of the current file and pick stands. */
export type ValidationQueryState = SettledQueryState<{ results: BulkRowResult[] }>;

/**
 * The validation the screen shows: the rows of the exact file and pick once their request settled (settledOf), so rows
 * priced for another pick can never be selected and paid.
 */
export function validationOf(state: ValidationQueryState): Validation {
  const settled = settledOf(state);
  if (settled.kind === 'pending') return { kind: 'validating' };
  if (settled.kind === 'failed') return { kind: 'failed', message: bulkCallError(settled.error, 'validate') };
  if (settled.kind === 'ready') return { kind: 'done', results: settled.data.results };
  return settled;
}

/** 'valid' when at least one row can be bought, 'invalid' when none can (SPEC §4 states). */
export function validationState(validation: Validation): 'idle' | 'validating' | 'valid' | 'invalid' {
  if (validation.kind === 'validating') return 'validating';
  if (validation.kind !== 'done') return validation.kind === 'failed' ? 'invalid' : 'idle';
  return validation.results.some(isSelectable) ? 'valid' : 'invalid';
}

/** Only a valid, priced row can be selected. */
export function isSelectable(result: BulkRowResult): boolean {
  return result.isValid && result.price !== null;
}

/** SPEC §5: the first error of a row, plus an ellipsis when it has more. */
export function firstErrorText(errors: readonly string[]): string {
  const [first] = errors;
  if (first === undefined) return '';
  return errors.length > 1 ? `${first} …` : first;
}

/** Row indexes that can be selected. */
export function selectableIndexes(results: readonly BulkRowResult[]): number[] {
  return results.filter(isSelectable).map((r) => r.rowIndex);
}

/** Every selectable row selected (after a validation, and "select all"). */
export function selectAll(results: readonly BulkRowResult[]): ReadonlySet<number> {
  return new Set(selectableIndexes(results));
}

/** One row's checkbox: an invalid row is never added. */
export function toggleRow(
  selection: ReadonlySet<number>,
  rowIndex: number,
  results: readonly BulkRowResult[],
): ReadonlySet<number> {
  const next = new Set(selection);
  if (next.has(rowIndex)) next.delete(rowIndex);
  else if (results.some((r) => r.rowIndex === rowIndex && isSelectable(r))) next.add(rowIndex);
  return next;
}

/** The header checkbox: all selectable rows, or none when they all are already. */
export function toggleAll(selection: ReadonlySet<number>, results: readonly BulkRowResult[]): ReadonlySet<number> {
  const selectable = selectableIndexes(results);
  return selectable.length > 0 && selectable.every((i) => selection.has(i)) ? new Set() : new Set(selectable);
}

/** 'all' | 'some' | 'none' of the selectable rows are selected (the header checkbox's look). */
export function selectionLevel(
  selection: ReadonlySet<number>,
  results: readonly BulkRowResult[],
): 'all' | 'some' | 'none' {
  const selectable = selectableIndexes(results);
  const chosen = selectable.filter((i) => selection.has(i)).length;
  if (chosen === 0) return 'none';
  return chosen === selectable.length ? 'all' : 'some';
}

/** The selected, selectable results, in row order. */
export function selectedResults(selection: ReadonlySet<number>, results: readonly BulkRowResult[]): BulkRowResult[] {
  return results.filter((r) => selection.has(r.rowIndex) && isSelectable(r));
}

/** Σ of the selected rows' prices in cents (summed as integers: no float drift over thousands of rows). */
export function selectedTotalCents(selection: ReadonlySet<number>, results: readonly BulkRowResult[]): number {
  return selectedResults(selection, results).reduce((sum, r) => sum + roundUsdToCents(r.price ?? 0), 0);
}

/** SPEC §5 'Please select at least one valid order' when the rows are valid but none is selected, else null. */
export function payHint(validation: Validation, selection: ReadonlySet<number>): string | null {
  if (validation.kind !== 'done' || validationState(validation) !== 'valid') return null;
  return selectedResults(selection, validation.results).length === 0 ? BULK_MESSAGES.selectValidOrder : null;
}

/** Pay is enabled only when the validation is 'valid' and a valid row is selected (SPEC §5). */
export function canPay(validation: Validation, selection: ReadonlySet<number>): boolean {
  return (
    validation.kind === 'done' &&
    validationState(validation) === 'valid' &&
    selectedResults(selection, validation.results).length > 0
  );
}

/** SPEC §5: the confirm button is disabled, with the warning, when the total exceeds the balance. */
export function exceedsBalance(totalCents: number, balanceUsd: number | null): boolean {
  return balanceUsd !== null && totalCents > roundUsdToCents(balanceUsd);
}

/**
 * POST /api/orders/bulk/process: the selected rows (their index in the file, their data and the price the customer
 * saw) and the total shown. The server prices them again and refuses a changed price (CONVENTIONS: never trust the
 * client's money).
 */
export function processRequest(
  pick: ServicePick & { apiId: string; carrier: Carrier; service: string },
  rows: readonly BulkCsvRowData[],
  results: readonly BulkRowResult[],
  selection: ReadonlySet<number>,
): BulkProcessRequest {
  const chosen = selectedResults(selection, results);
  return {
    apiId: pick.apiId,
    carrier: pick.carrier,
    service: pick.service,
    template: templateFor(pick),
    orders: chosen.map((r) => ({ rowIndex: r.rowIndex, data: rows[r.rowIndex], price: r.price ?? 0 })),
    totalPrice: centsToUsd(selectedTotalCents(selection, results)),
  };
}

// Progress ----------------------------------------------------------------------------------------------------------

export interface BulkProgress {
  /** Rows settled (label bought, or failed and refunded). */
  done: number;
  total: number;
  failed: number;
  /** 0-100. */
  percent: number;
}

/** A running bulk order's progress from its processingStatus. */
export function progressOf(bulk: Pick<BulkOrder, 'processingStatus' | 'orderCount'>): BulkProgress {
  const status = bulk.processingStatus;
  const total = Math.max(status.totalLabels, 0) || bulk.orderCount;
  const done = Math.min(Math.max(total - status.labelsRemaining, 0), total);
  return {
    done,
    total,
    failed: status.labelsFailed,
    percent: total === 0 ? 100 : Math.round((done / total) * 100),
  };
}

/** 'Labels: 12 of 40 · 1 failed so far'. */
export function progressText(progress: BulkProgress): string {
  const failed = progress.failed > 0 ? ` · ${progress.failed} failed so far` : '';
  return `Labels: ${progress.done} of ${progress.total}${failed}`;
}

export function isRunning(bulk: Pick<BulkOrder, 'status' | 'processingStatus'>): boolean {
  return bulk.status === 'processing' || bulk.processingStatus.isProcessing;
}

/** The SPEC §4 end message of a bulk order and its colour. */
export function finishedMessage(status: BulkStatus): { text: string; color: 'green' | 'yellow' | 'red' } {
  if (status === 'failed') return { text: BULK_MESSAGES.failed, color: 'red' };
  if (status === 'partial') return { text: BULK_MESSAGES.partial, color: 'yellow' };
  return { text: BULK_MESSAGES.completed, color: 'green' };
}

/**
 * One poll's outcome for the tracker: the bulk orders still running (to show), and those it was tracking that have
 * ended (to announce). `tracked` are the ids being followed; a tracked id missing from the answer stays tracked (it
 * may be just created and not listed yet).
 */
export function trackerStep(
  tracked: ReadonlySet<string>,
  latest: readonly BulkOrder[],
): { running: BulkOrder[]; finished: BulkOrder[]; tracked: Set<string> } {
  const running = latest.filter(isRunning);
  const finished = latest.filter((b) => tracked.has(b._id) && !isRunning(b));
  const next = new Set(tracked);
  for (const b of finished) next.delete(b._id);
  for (const b of running) next.add(b._id);
  return { running, finished, tracked: next };
}

/** SPEC §9 file name of the failed-rows download. */
export function failedCsvFileName(bulkOrderId: string): string {
  return `failed-orders-${bulkOrderId}.csv`;
}

/**
 * SPEC §8 texts of a failed validate or process call: the server's message when it gives one; else 'Validation failed'
 * / 'Processing failed' when the server answered without one, 'Failed to validate CSV data' / 'Failed to process bulk
 * order' when it could not be reached.
 */
export function bulkCallError(error: unknown, call: 'validate' | 'process'): string {
  const answered = error instanceof ApiClientError && error.status > 0;
  if (call === 'validate') {
    return errorMessage(error, answered ? BULK_MESSAGES.validationFailed : BULK_MESSAGES.validateFailed);
  }
  return errorMessage(error, answered ? BULK_MESSAGES.processingFailed : BULK_MESSAGES.processFailed);
}
