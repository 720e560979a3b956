import {
  BULK_MESSAGES,
  BulkCsvRow,
  type BulkCsvRowData,
  type BulkValidateRequest,
  bulkRowToOrderRequest,
  CreateOrderRequest,
} from '@labeldesk/contracts';
import type { z } from 'zod';
import type { Services } from '../../env';
import { ApiError } from '../../errors';
import type { CreateOrderData } from '../orders/create-order';
import { findOrderService, NO_PRICE_MESSAGE, type OrderService, priceOrder } from '../orders/price-order';

/**
 * POST /api/orders/bulk/validate, and the first step of POST /api/orders/bulk/process: every CSV row checked and priced
 * on the server with the rules of a manual order. A row is read as CSV text (BulkCsvRow: known columns only), cells
 * that a spreadsheet would run as a formula are refused, the row becomes the POST /api/orders body
 * (bulkRowToOrderRequest) and is validated by CreateOrderRequest — so a bulk row and a manual order give the same SPEC
 * §5 texts, prefixed with the CSV column — and priced by priceOrder with the service looked up ONCE for the whole
 * file (findOrderService). No provider call, nothing written.
 */

export type BulkValidateData = z.output<typeof BulkValidateRequest>;
export type BulkSelection = Pick<BulkValidateData, 'apiId' | 'carrier' | 'service' | 'template'>;

/** One row checked: its errors (the screen shows the first), or its order and price. */
export interface CheckedBulkRow {
  rowIndex: number;
  errors: string[];
  /** Set when the row is valid. */
  priceCents: number | null;
  /** The order the row asks for (valid rows only). */
  request: CreateOrderData | null;
  /** The row as CSV text (null when it could not be read as one). */
  row: BulkCsvRowData | null;
}

export interface CheckedBulkRows {
  rows: CheckedBulkRow[];
  /** The selected service, or why no row can be priced (the service is gone or disabled). */
  service: OrderService | ApiError;
  validCount: number;
  totalPriceCents: number;
}

/** Numeric columns: an unparsable cell is reported as BULK_MESSAGES.invalidNumber, not as "required". */
const NUMBER_COLUMNS = ['weight', 'length', 'width', 'height'] as const;

export const ROW_NOT_AN_OBJECT_MESSAGE = 'Row must be an object of CSV columns';

/**
 * A cell a spreadsheet would run as a formula when the CSV is opened again (CSV injection): one starting with =, @, a
 * tab or a carriage return; `+` unless the cell is phone-like (`+1 (555) 010-0199`); `-` unless the cell is a plain
 * number (a negative number then gets the number rules' own error).
 */
export function isFormulaCell(value: string): boolean {
  if (value === '') return false;
  const first = value.charCodeAt(0);
  // = @ \t \r
  if (first === 61 || first === 64 || first === 9 || first === 13) return true;
  if (first === 43) return !/^\+[\d\s().-]+$/.test(value);
  if (first === 45) return !/^-\d*\.?\d+$/.test(value);
  return false;
}

/** CSV cells as text: papaparse with dynamicTyping (or a hand-written client) may send numbers, booleans or null. */
function asCsvRecord(data: unknown): Record<string, unknown> | null {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return null;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    if (typeof value === 'number' || typeof value === 'boolean') out[key] = String(value);
    else if (value === null || value === undefined) out[key] = '';
    else out[key] = value;
  }
  return out;
}

const PARTY_PREFIX: Record<string, string> = { sender: 'from', recipient: 'to' };

/** The CSV column a CreateOrderRequest issue is about (`recipient.zip` → `toZip`), or null (the selection). */
function columnOf(path: readonly PropertyKey[]): string | null {
  const [head, field] = path;
  if (typeof head !== 'string' || typeof field !== 'string') return null;
  const prefix = PARTY_PREFIX[head];
  if (prefix) return `${prefix}${field.charAt(0).toUpperCase()}${field.slice(1)}`;
  if (head === 'packageDetails') return field;
  return null;
}

const withColumn = (column: string | null, message: string) => (column ? `${column}: ${message}` : message);

/** A row's data checked as CSV and as an order: its errors, or the order it asks for. */
export function checkBulkRow(
  data: unknown,
  selection: BulkSelection,
): { errors: string[]; request: CreateOrderData | null; row: BulkCsvRowData | null } {
  const record = asCsvRecord(data);
  if (!record) return { errors: [ROW_NOT_AN_OBJECT_MESSAGE], request: null, row: null };
  const parsed = BulkCsvRow.safeParse(record);
  if (!parsed.success) {
    const errors = parsed.error.issues.map((issue) =>
      issue.code === 'unrecognized_keys'
        ? BULK_MESSAGES.unknownColumns(issue.keys)
        : withColumn(typeof issue.path[0] === 'string' ? issue.path[0] : null, issue.message),
    );
    return { errors, request: null, row: null };
  }
  const row = parsed.data;
  const errors: string[] = [];
  const reported = new Set<string>();
  for (const [column, value] of Object.entries(row)) {
    if (isFormulaCell(value)) {
      errors.push(BULK_MESSAGES.formulaCell(column));
      reported.add(column);
    }
  }
  for (const column of NUMBER_COLUMNS) {
    const value = row[column].trim();
    if (value !== '' && !reported.has(column) && !Number.isFinite(Number(value))) {
      errors.push(BULK_MESSAGES.invalidNumber(column));
      reported.add(column);
    }
  }
  const order = CreateOrderRequest.safeParse(bulkRowToOrderRequest(row, selection));
  if (!order.success) {
    for (const issue of order.error.issues) {
      const column = columnOf(issue.path);
      if (column && reported.has(column)) continue;
      if (column) reported.add(column);
      errors.push(withColumn(column, issue.message));
    }
    return { errors, request: null, row };
  }
  return { errors, request: errors.length === 0 ? order.data : null, row };
}

/**
 * Checks and prices `rows` for `userId` with ONE service lookup. A row whose service cannot be found, or that has no
 * price for its weight, carries that SPEC text.
 */
export async function checkBulkRows(
  services: Services,
  input: { userId: string; selection: BulkSelection; rows: { rowIndex: number; data: unknown }[] },
): Promise<CheckedBulkRows> {
  const { selection } = input;
  let service: OrderService | ApiError;
  try {
    service = await findOrderService(services, {
      userId: input.userId,
      apiId: selection.apiId,
      carrier: selection.carrier,
      serviceType: selection.service,
    });
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    service = err;
  }
  const rows: CheckedBulkRow[] = [];
  let validCount = 0;
  let totalPriceCents = 0;
  for (const { rowIndex, data } of input.rows) {
    const checked = checkBulkRow(data, selection);
    let priceCents: number | null = null;
    if (checked.request) {
      if (service instanceof ApiError) {
        checked.errors.push(service.message);
      } else {
        try {
          const pkg = checked.request.packageDetails;
          const cents = priceOrder(service, pkg.weight, pkg.weightUnit);
          if (cents > 0) priceCents = cents;
          else checked.errors.push(NO_PRICE_MESSAGE);
        } catch (err) {
          if (!(err instanceof ApiError)) throw err;
          const onWeight = err.details[0]?.path === 'packageDetails.weight';
          checked.errors.push(withColumn(onWeight ? 'weight' : null, err.message));
        }
      }
    }
    const valid = priceCents !== null && checked.errors.length === 0;
    if (valid && priceCents !== null) {
      validCount += 1;
      totalPriceCents += priceCents;
    }
    rows.push({
      rowIndex,
      errors: checked.errors,
      priceCents: valid ? priceCents : null,
      request: valid ? checked.request : null,
      row: checked.row,
    });
  }
  return { rows, service, validCount, totalPriceCents };
}

export interface ValidateBulkOrderResult {
  rows: CheckedBulkRow[];
  validCount: number;
  invalidCount: number;
  totalPriceCents: number;
}

/** POST /api/orders/bulk/validate: every row of the file (rowIndex = its position), checked and priced. */
export async function validateBulkOrder(
  services: Services,
  input: { userId: string; request: BulkValidateData },
): Promise<ValidateBulkOrderResult> {
  const { orders, ...selection } = input.request;
  const checked = await checkBulkRows(services, {
    userId: input.userId,
    selection,
    rows: orders.map((data, rowIndex) => ({ rowIndex, data })),
  });
  return {
    rows: checked.rows,
    validCount: checked.validCount,
    invalidCount: checked.rows.length - checked.validCount,
    totalPriceCents: checked.totalPriceCents,
  };
}
