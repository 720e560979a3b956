/**
 * The date part of every download name: the caller's LOCAL calendar date as YYYY-MM-DD (ISO 8601, sorts by name, no
 * characters that file systems reject). Local, not UTC, so a seller in California converting at 8 pm gets today's date.
 */
export function formatFileDate(date: Date): string {
  const yyyy = String(date.getFullYear()).padStart(4, '0');
  const mm = String(date.getMonth() + 1).padStart(2, '0');
  const dd = String(date.getDate()).padStart(2, '0');
  return `${yyyy}-${mm}-${dd}`;
}

export interface AmazonFileNames {
  /** Amazon_Orders_{date}.csv — the single-file download. */
  csv: string;
  /** Amazon_Orders_By_SKU_{date}.zip */
  zipBySku: string;
  /** Amazon_Orders_By_Product_{date}.zip */
  zipByProduct: string;
}

/** Download names of SPEC §9 for the given moment (default now), e.g. Amazon_Orders_2025-03-07.csv. */
export function fileNames(date: Date = new Date()): AmazonFileNames {
  const day = formatFileDate(date);
  return {
    csv: `Amazon_Orders_${day}.csv`,
    zipBySku: `Amazon_Orders_By_SKU_${day}.zip`,
    zipByProduct: `Amazon_Orders_By_Product_${day}.zip`,
  };
}
