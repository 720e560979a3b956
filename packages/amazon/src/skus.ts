import { AmazonError } from './errors';
import type { AmazonReportRow } from './parse-report';

/** A distinct SKU of a report, as listed in the per-SKU dimension form. */
export interface SkuInfo {
  sku: string;
  /** First non-empty product name seen for this SKU ('' if none). */
  productName: string;
  /** Number of report lines carrying this SKU. */
  orderLines: number;
  /** Sum of their quantities. */
  units: number;
}

/**
 * Distinct non-empty SKUs in first-seen order.
 *
 * @throws AmazonError `no_skus` ('No SKUs found in the uploaded file. Please ensure your Amazon orders file contains SKU
 *   data.') when no line has a SKU.
 */
export function collectSkus(rows: readonly AmazonReportRow[]): SkuInfo[] {
  const bySku = new Map<string, SkuInfo>();
  for (const row of rows) {
    if (!row.sku) continue;
    const info = bySku.get(row.sku);
    if (info) {
      info.orderLines++;
      info.units += row.quantity;
      if (!info.productName) info.productName = row.productName;
    } else {
      bySku.set(row.sku, { sku: row.sku, productName: row.productName, orderLines: 1, units: row.quantity });
    }
  }
  if (bySku.size === 0) throw new AmazonError('no_skus');
  return [...bySku.values()];
}
