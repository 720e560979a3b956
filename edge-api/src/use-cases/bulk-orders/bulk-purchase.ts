import { BULK_MESSAGES, type BulkProcessRequest } from '@labeldesk/contracts';
import type { z } from 'zod';
import type { Services } from '../../env';
import { ApiError } from '../../errors';
import { requestHash } from '../../lib/idempotency';
import { yieldToEventLoop } from '../../lib/yield-to-event-loop';
import type { OrderService } from '../orders/price-order';
import {
  checkBulkRows,
  findBulkService,
  type InvalidBulkRow,
  type RowChecker,
  type ValidBulkRow,
} from './validate-bulk-order';

/**
 * What a live bulk purchase (create-bulk-order.ts) and a test-key one (public-api/create-test-bulk-labels.ts) share:
 * the request, its fingerprint, the check that refuses it unless every row can be bought, and the insert chunk.
 */

export type BulkProcessData = z.output<typeof BulkProcessRequest>;

/** Order rows per INSERT … SELECT FROM json_each(?) (one JSON text per statement stays well under D1's 2 MB value). */
export const BULK_INSERT_CHUNK = 500;
/** Rows checked between two yields to the event loop (about 50 ms of CPU). */
const BULK_CHECK_CHUNK = 500;

/** The fingerprint of a bulk request: the selection and every row's data, index and price. */
export function bulkRequestHash(request: BulkProcessData): string {
  return requestHash(request);
}

/** Refuses a request whose rows are not all valid, naming every invalid row (400). */
function refuseInvalid(invalid: InvalidBulkRow[]): never {
  const details = invalid.map((r) => ({
    path: `orders.${r.rowIndex}`,
    message: `${BULK_MESSAGES.rowNotSelectedValid(r.rowIndex)}: ${r.errors[0] ?? ''}`,
  }));
  const first = invalid[0];
  const message =
    invalid.length === 1 && first
      ? (details[0]?.message ?? BULK_MESSAGES.validationFailed)
      : `Rows ${invalid
          .slice(0, 10)
          .map((r) => r.rowIndex + 1)
          .join(', ')}${invalid.length > 10 ? ', …' : ''} are not valid`;
  throw new ApiError('invalid_input', message, { details });
}

/** A bulk purchase every row of which can be bought: the service, the rows (in request order) and their total. */
export interface CheckedBulkPurchase {
  found: OrderService;
  rows: ValidBulkRow[];
  totalPriceCents: number;
}

/**
 * Checks and prices every row of a bulk purchase on the server (the client's prices are never trusted): a repeated
 * rowIndex → 400; the service gone or disabled → its SPEC refusal; any invalid row → 400 naming the rows.
 */
export async function checkBulkPurchase(
  services: Services,
  input: { userId: string; request: BulkProcessData; checkRow?: RowChecker | undefined },
): Promise<CheckedBulkPurchase> {
  const { orders: rows, totalPrice: _total, ...selection } = input.request;
  const seen = new Set<number>();
  for (const row of rows) {
    if (seen.has(row.rowIndex)) throw new ApiError('invalid_input', BULK_MESSAGES.duplicateRow(row.rowIndex));
    seen.add(row.rowIndex);
  }
  const found = await findBulkService(services, input.userId, selection);
  const valid: ValidBulkRow[] = [];
  const invalid: InvalidBulkRow[] = [];
  let totalPriceCents = 0;
  // In chunks, letting other requests in between: 10,000 rows are about a second of CPU.
  for (let i = 0; i < rows.length; i += BULK_CHECK_CHUNK) {
    if (i > 0) await yieldToEventLoop();
    const checked = checkBulkRows({
      service: { available: true, found },
      selection,
      rows: rows.slice(i, i + BULK_CHECK_CHUNK),
      checkRow: input.checkRow,
    });
    totalPriceCents += checked.totalPriceCents;
    for (const row of checked.rows) {
      if (row.valid) valid.push(row);
      else invalid.push(row);
    }
  }
  if (invalid.length > 0) refuseInvalid(invalid);
  return { found, rows: valid, totalPriceCents };
}
