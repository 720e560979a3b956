/**
 * @labeldesk/bulk-csv — the browser side of bulk orders (SPEC §2 Bulk Order, §5 bulk rules, §9 file names): reading
 * the customer's CSV (checks with clear texts), the sample CSV, the trackings CSV. Pure: no DOM, no React, no network.
 * Papaparse comes with it, so only the screens that import this package load it.
 */
export * from './parse-bulk-csv';
export * from './sample-csv';
export * from './trackings-csv';
