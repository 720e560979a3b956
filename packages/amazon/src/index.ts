/**
 * @labeldesk/amazon — the Amazon Order Converter (SPEC §2 /amazon-convert), pure and browser-safe.
 * Flow: decodeAmazonReport → parseAmazonReport → collectSkus → validateDimensions → convertOrders →
 * buildCsvFile | groupRows + buildZip. See README.md.
 */
export * from './constants';
export * from './convert-orders';
export * from './csv';
export * from './dimensions';
export * from './downloads';
export * from './errors';
export * from './file-names';
export * from './parse-report';
export * from './preview';
export * from './sample-report';
export * from './skus';
