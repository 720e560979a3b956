import {
  BULK_CSV_AMAZON_COLUMNS,
  BULK_CSV_COLUMNS,
  BULK_CSV_REFERENCE_COLUMN,
  BULK_MESSAGES,
  type BulkCsvColumn,
  type OrderParty,
} from '@labeldesk/contracts';
import { type CsvCell, csvTable } from '@labeldesk/csv';
import { toServiceUnit } from '@labeldesk/pricing';
import { and, asc, eq } from 'drizzle-orm';
import { type OrderRow, orders } from '../../db/schema';
import type { AuthUser, Services } from '../../env';
import { ApiError } from '../../errors';
import { readPackage, readParty } from '../../lib/presenters/order';
import { readableBulkOrder } from './bulk-order-reads';

/** Extra columns of the failed-rows file, after the bulk CSV columns: the 1-based row of the upload and why it failed. */
export const FAILED_ROWS_EXTRA_COLUMNS = ['rowNumber', 'error'] as const;

/** SPEC §9: failed-orders-{bulkOrderId}.csv. */
export const failedRowsFileName = (bulkOrderId: string): string => `failed-orders-${bulkOrderId}.csv`;

type CsvRecord = Record<BulkCsvColumn, CsvCell>;

function partyCells(prefix: 'from' | 'to', party: OrderParty): Partial<CsvRecord> {
  return {
    [`${prefix}Name`]: party.name,
    [`${prefix}Company`]: party.company,
    [`${prefix}Street1`]: party.street1,
    [`${prefix}Street2`]: party.street2,
    [`${prefix}City`]: party.city,
    [`${prefix}State`]: party.state,
    [`${prefix}Zip`]: party.zip,
    [`${prefix}Phone`]: party.phone,
  };
}

/**
 * One failed row as the upload had it, rebuilt from the order's stored sender, recipient and package (the bulk CSV has
 * no unit column: weights are pounds, as bulkRowToOrderRequest reads them). `productName` is not kept on orders, so
 * that cell stays empty.
 */
export function failedRowRecord(row: OrderRow): CsvRecord {
  const pkg = readPackage(row.packageJson);
  const weight = pkg ? toServiceUnit(pkg.weight, pkg.weightUnit, 'lbs') : '';
  return {
    ...(partyCells('from', readParty(row.senderJson)) as CsvRecord),
    ...partyCells('to', readParty(row.recipientJson)),
    weight,
    length: pkg?.length ?? '',
    width: pkg?.width ?? '',
    height: pkg?.height ?? '',
    description: pkg?.description ?? '',
    orderNumber: row.amazonOrderId ?? '',
    sku: row.sku ?? '',
    productName: '',
    reference: row.reference ?? '',
  };
}

/**
 * The failed rows of some bulk order as CSV: the SPEC §3 bulk columns in order, then orderNumber, sku, productName when
 * any failed row came from the Amazon converter, `reference` when any failed row had one, then `rowNumber` (1-based, as the validation table numbers rows) and
 * `error` (the customer-safe reason). Every cell goes through the shared formula-injection guard of @labeldesk/csv.
 * To upload the rows again, delete the last two columns.
 */
export function failedRowsCsv(rows: OrderRow[]): string {
  const amazon = rows.some((row) => row.amazonOrderId || row.sku);
  const referenced = rows.some((row) => row.reference);
  const columns: BulkCsvColumn[] = [
    ...BULK_CSV_COLUMNS,
    ...(amazon ? BULK_CSV_AMAZON_COLUMNS : []),
    ...(referenced ? ([BULK_CSV_REFERENCE_COLUMN] as const) : []),
  ];
  const records = rows.map((row) => {
    const record = failedRowRecord(row);
    return [...columns.map((column) => record[column]), (row.rowIndex ?? -1) + 1, row.failureReason ?? ''];
  });
  return csvTable([...columns, ...FAILED_ROWS_EXTRA_COLUMNS], records);
}

/**
 * GET /api/orders/bulk/{id}/failed-csv: the caller's (or, for an admin, anyone's) bulk order's failed rows, in row
 * order. 404 'Bulk order not found' for another customer's; 404 'This bulk order has no failed rows' when none failed
 * (yet): a file with a header only would download as if something had failed.
 */
export async function buildFailedRowsCsv(
  services: Services,
  input: { bulkOrderId: string; caller: Pick<AuthUser, 'id' | 'isAdmin'> },
): Promise<{ fileName: string; csv: string }> {
  const { row } = await readableBulkOrder(services, input);
  const failed = await services.db
    .select()
    .from(orders)
    .where(and(eq(orders.bulkOrderId, row.id), eq(orders.status, 'failed')))
    .orderBy(asc(orders.rowIndex), asc(orders.id));
  if (failed.length === 0) throw new ApiError('not_found', BULK_MESSAGES.noFailedRows);
  return { fileName: failedRowsFileName(row.id), csv: failedRowsCsv(failed) };
}
