import { ApiClientError } from '@labeldesk/api-client';
import { BULK_MESSAGES, type BulkOrder, type BulkRowResult } from '@labeldesk/contracts';
import { describe, expect, it } from 'vitest';
import { offersTemplate, templateFor } from '../ordering/service-choice';
import {
  bulkCallError,
  canPay,
  exceedsBalance,
  failedCsvFileName,
  finishedMessage,
  firstErrorText,
  payHint,
  processRequest,
  progressOf,
  progressText,
  selectAll,
  selectedTotalCents,
  selectionLevel,
  toggleAll,
  toggleRow,
  trackerStep,
  type ValidationQueryState,
  validationOf,
  validationState,
} from './bulk-order';

const ok = (rowIndex: number, price: number): BulkRowResult => ({ rowIndex, isValid: true, errors: [], price });
const bad = (rowIndex: number, ...errors: string[]): BulkRowResult => ({
  rowIndex,
  isValid: false,
  errors,
  price: null,
});
const results = [ok(0, 8.1), bad(1, 'ZIP code is required', 'Phone number is required'), ok(2, 0.2), ok(3, 0.1)];

const bulk = (id: string, status: BulkOrder['status'], done: number, failed = 0, total = 4): BulkOrder => ({
  _id: id,
  bulkOrderId: id,
  createdAt: '2026-11-24T09:00:00.000Z',
  orderCount: total,
  failedOrderCount: status === 'processing' ? 0 : failed,
  totalPrice: 10,
  refundedAmount: 0,
  status,
  hasFailures: failed > 0,
  userName: 'Casey',
  userId: 'usr_1',
  processingStatus: {
    isProcessing: status === 'processing',
    totalLabels: total,
    labelsProcessed: done - failed,
    labelsRemaining: total - done,
    labelsFailed: failed,
    labelsWaiting: 0,
    nextAttemptAt: null,
  },
  apiId: 'api_1',
  apiName: 'API 1',
  carrier: 'UPS',
  serviceName: 'UPS Ground',
  template: null,
  completedAt: status === 'processing' ? null : '2026-11-24T09:01:00.000Z',
  hasLabels: done > failed,
  stoppedAt: null,
  stopReason: null,
});

describe('template picker (SPEC §5)', () => {
  it('is offered for USPS only, and not on the API named API 2', () => {
    expect(offersTemplate('USPS', 'API 1')).toBe(true);
    expect(offersTemplate('USPS', 'API 2')).toBe(false);
    expect(offersTemplate('UPS', 'API 1')).toBe(false);
    expect(offersTemplate('FEDEX', 'API 1')).toBe(false);
    const pick = { apiId: 'a', apiName: 'API 1', carrier: 'USPS' as const, service: 's', template: '' };
    expect(templateFor(pick)).toBe('BASIC');
    expect(templateFor({ ...pick, template: 'EVS' })).toBe('EVS');
    expect(templateFor({ ...pick, carrier: 'UPS' })).toBeNull();
    expect(templateFor({ ...pick, apiName: 'API 2', template: 'EVS' })).toBeNull();
  });
});

describe('validation table', () => {
  it('shows the first error plus an ellipsis when there are more', () => {
    expect(firstErrorText(['ZIP code is required'])).toBe('ZIP code is required');
    expect(firstErrorText(['ZIP code is required', 'Phone number is required'])).toBe('ZIP code is required …');
    expect(firstErrorText([])).toBe('');
  });

  it('selects only valid rows, one by one or all at once', () => {
    const all = selectAll(results);
    expect([...all]).toEqual([0, 2, 3]);
    expect(selectionLevel(all, results)).toBe('all');
    // An invalid row cannot be selected.
    expect([...toggleRow(all, 1, results)]).toEqual([0, 2, 3]);
    const some = toggleRow(all, 2, results);
    expect([...some]).toEqual([0, 3]);
    expect(selectionLevel(some, results)).toBe('some');
    expect([...toggleAll(some, results)]).toEqual([0, 2, 3]);
    expect([...toggleAll(all, results)]).toEqual([]);
    expect(selectionLevel(new Set(), results)).toBe('none');
  });

  it('totals the selected rows in cents (0.1 + 0.2 is 0.30, not 0.30000000000000004)', () => {
    expect(selectedTotalCents(new Set([2, 3]), results)).toBe(30);
    expect(selectedTotalCents(new Set([0, 1, 2, 3]), results)).toBe(840);
    expect(selectedTotalCents(new Set(), results)).toBe(0);
  });

  it('enables Pay only when the rows are valid and one is selected', () => {
    const done = { kind: 'done' as const, results };
    expect(validationState(done)).toBe('valid');
    expect(canPay(done, new Set([0]))).toBe(true);
    expect(canPay(done, new Set())).toBe(false);
    expect(payHint(done, new Set())).toBe(BULK_MESSAGES.selectValidOrder);
    expect(payHint(done, new Set([0]))).toBeNull();
    // Every row invalid: the state is invalid, nothing can be paid.
    const none = { kind: 'done' as const, results: [bad(0, 'x')] };
    expect(validationState(none)).toBe('invalid');
    expect(canPay(none, new Set([0]))).toBe(false);
    expect(canPay({ kind: 'validating' }, new Set([0]))).toBe(false);
    expect(validationState({ kind: 'idle' })).toBe('idle');
  });

  it('disables the confirmation when the total exceeds the balance', () => {
    expect(exceedsBalance(1000, 10)).toBe(false);
    expect(exceedsBalance(1001, 10)).toBe(true);
    expect(exceedsBalance(1001, null)).toBe(false);
  });

  it('sends the selected rows with their index in the file, their data, the prices seen and the total', () => {
    const rows = [0, 1, 2, 3].map((i) => ({ toName: `Row ${i}` }) as never);
    const pick = { apiId: 'api_1', apiName: 'API 1', carrier: 'USPS' as const, service: 'Priority', template: 'EVS' };
    expect(processRequest(pick, rows, results, new Set([3, 1, 0]))).toEqual({
      apiId: 'api_1',
      carrier: 'USPS',
      service: 'Priority',
      template: 'EVS',
      orders: [
        { rowIndex: 0, data: { toName: 'Row 0' }, price: 8.1 },
        { rowIndex: 3, data: { toName: 'Row 3' }, price: 0.1 },
      ],
      totalPrice: 8.2,
    });
  });
});

describe('progress of a running bulk order', () => {
  it('counts settled rows and failures', () => {
    const p = progressOf(bulk('blk_1', 'processing', 3, 1));
    expect(p).toEqual({ done: 3, total: 4, failed: 1, percent: 75 });
    expect(progressText(p)).toBe('Labels: 3 of 4 · 1 failed so far');
    expect(progressText(progressOf(bulk('blk_1', 'processing', 0)))).toBe('Labels: 0 of 4');
  });

  it('follows running bulk orders and announces the tracked ones that ended', () => {
    const first = trackerStep(new Set(['blk_new']), [bulk('blk_a', 'processing', 1), bulk('blk_old', 'completed', 4)]);
    expect(first.running.map((b) => b._id)).toEqual(['blk_a']);
    // blk_old ended before we followed it: no message for it.
    expect(first.finished).toEqual([]);
    // blk_new is not listed yet: still followed.
    expect([...first.tracked].sort()).toEqual(['blk_a', 'blk_new']);
    const second = trackerStep(first.tracked, [bulk('blk_new', 'partial', 4, 1), bulk('blk_a', 'processing', 2)]);
    expect(second.finished.map((b) => b._id)).toEqual(['blk_new']);
    expect([...second.tracked]).toEqual(['blk_a']);
  });

  it('has the SPEC end messages', () => {
    expect(finishedMessage('completed')).toEqual({ text: BULK_MESSAGES.completed, color: 'green' });
    expect(finishedMessage('partial')).toEqual({ text: BULK_MESSAGES.partial, color: 'yellow' });
    expect(finishedMessage('failed')).toEqual({ text: BULK_MESSAGES.failed, color: 'red' });
    expect(failedCsvFileName('blk_9')).toBe('failed-orders-blk_9.csv');
  });
});

describe('validation of the current file and pick', () => {
  const asked = (over: Partial<ValidationQueryState>): ValidationQueryState => ({
    requested: true,
    settled: true,
    data: undefined,
    error: null,
    isFetching: false,
    ...over,
  });

  it('is idle without a file or a complete pick, whatever an earlier answer said', () => {
    expect(validationOf(asked({ requested: false, data: { results } }))).toEqual({ kind: 'idle' });
  });

  it('never offers rows priced for another pick: validating until the new pick settles and is answered', () => {
    expect(validationOf(asked({ settled: false, data: { results } }))).toEqual({ kind: 'validating' });
    expect(validationOf(asked({ isFetching: true, data: { results } }))).toEqual({ kind: 'validating' });
    expect(canPay(validationOf(asked({ isFetching: true, data: { results } })), new Set([0]))).toBe(false);
  });

  it('is the answer for this file and pick once settled', () => {
    expect(validationOf(asked({ data: { results } }))).toEqual({ kind: 'done', results });
  });

  it('shows the SPEC §8 text of a failed call, even over an older answer', () => {
    const offline = new ApiClientError(0, 'network_error', 'Network error');
    expect(validationOf(asked({ error: offline, data: { results } }))).toEqual({
      kind: 'failed',
      message: 'Failed to validate CSV data',
    });
    const refused = new ApiClientError(400, 'invalid_input', 'No data found in the CSV file');
    expect(validationOf(asked({ error: refused }))).toEqual({
      kind: 'failed',
      message: 'No data found in the CSV file',
    });
  });
});

describe('bulk call errors (SPEC §8)', () => {
  it("shows the server's message, else the SPEC fallback for an answer without one or no answer at all", () => {
    const changed = new ApiClientError(409, 'conflict', 'The total of this bulk order changed to $9.00.');
    expect(bulkCallError(changed, 'process')).toBe('The total of this bulk order changed to $9.00.');
    const bare500 = new ApiClientError(500, 'internal_error', 'Internal server error');
    expect(bulkCallError(bare500, 'validate')).toBe('Validation failed');
    expect(bulkCallError(bare500, 'process')).toBe('Processing failed');
    const offline = new ApiClientError(0, 'network_error', 'Network error');
    expect(bulkCallError(offline, 'validate')).toBe('Failed to validate CSV data');
    expect(bulkCallError(offline, 'process')).toBe('Failed to process bulk order');
  });
});
