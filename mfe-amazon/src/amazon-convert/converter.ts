import {
  type AmazonReportRow,
  type ConversionResult,
  collectSkus,
  convertOrders,
  type DescriptionSource,
  type DimensionsInput,
  decodeAmazonReport,
  isAmazonError,
  isAmazonReportFileName,
  type PackageDimensions,
  parseAmazonReport,
  type SenderAddress,
  type SkuInfo,
  validateDimensions,
} from '@labeldesk/amazon';

/** A step that either worked or failed with the exact text the screen shows. */
export type Outcome<T> = { ok: true; value: T } | { ok: false; error: string };

/** Where an unexpected error happened; picks the SPEC §8 prefix of its message. */
export type Stage = 'read' | 'parse' | 'convert' | 'csv' | 'zip';

const STAGE_PREFIX: Record<Stage, string> = {
  read: 'Error reading file',
  parse: 'Error parsing data',
  convert: 'Error converting data',
  csv: 'Error downloading CSV',
  zip: 'Error creating ZIP file',
};

/**
 * The text shown for an error (SPEC §5/§8). The converter's own errors (`AmazonError`: 'File is empty or has invalid
 * format', 'No SKUs found…', 'No orders to download', 'Please select a grouping method…') are shown as they are;
 * anything else gets the stage's prefix: 'Error reading file: {message}', 'Error parsing data: {message}', 'Error
 * converting data: {message}', 'Error downloading CSV: {message}', 'Error creating ZIP file: {message}'. Without a
 * message the prefix stands alone ('Error reading file').
 */
export function stageErrorMessage(stage: Stage, error: unknown): string {
  if (isAmazonError(error)) return error.message;
  const detail = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return detail.trim() ? `${STAGE_PREFIX[stage]}: ${detail}` : STAGE_PREFIX[stage];
}

/** An uploaded report, parsed, with the SKUs the dimension form asks about. */
export interface LoadedReport {
  rows: AmazonReportRow[];
  skus: SkuInfo[];
  /** Lines skipped because their field count differs from the header's. */
  skippedLines: number;
}

/** Decodes, parses and collects the SKUs of an uploaded report's bytes. */
export function loadReport(data: ArrayBuffer | Uint8Array): Outcome<LoadedReport> {
  try {
    const report = parseAmazonReport(decodeAmazonReport(data));
    return {
      ok: true,
      value: { rows: report.rows, skus: collectSkus(report.rows), skippedLines: report.skippedLines },
    };
  } catch (error) {
    return { ok: false, error: stageErrorMessage('parse', error) };
  }
}

export const ONLY_TXT_MESSAGE = 'Only .txt files are accepted. Please upload the Amazon orders report (.txt).';
export const ONE_FILE_MESSAGE = 'Please upload one Amazon orders report (.txt) at a time.';

/** The text shown when the drop zone refuses what was dropped (dropzone error codes → a clear sentence). */
export function fileRejectionMessage(
  rejections: ReadonlyArray<{ file: { name: string }; errors: ReadonlyArray<{ code: string }> }>,
): string {
  const tooMany = rejections.length > 1 || rejections.some((r) => r.errors.some((e) => e.code === 'too-many-files'));
  if (tooMany) return ONE_FILE_MESSAGE;
  const name = rejections[0]?.file.name;
  return name ? `"${name}" is not a .txt file. ${ONLY_TXT_MESSAGE}` : ONLY_TXT_MESSAGE;
}

/** The drop zone's extra check: Amazon reports end in .txt, whatever MIME type the browser guessed. */
export function reportFileError(file: { name: string }): { code: string; message: string } | null {
  return isAmazonReportFileName(file.name) ? null : { code: 'file-invalid-type', message: ONLY_TXT_MESSAGE };
}

export const NO_SENDER_MESSAGE = 'Please select a sender address';

export type SetupOutcome =
  | { ok: true; dimensions: Record<string, PackageDimensions> }
  | { ok: false; error: string; sku: string | null; field: keyof PackageDimensions | null };

/**
 * 'Complete Setup & Convert Orders': every SKU needs its four numbers (the package's `validateDimensions` gives the
 * SPEC §5 texts), and a sender address must be chosen, since every label's "from" side is that address.
 */
export function completeSetup(
  skus: readonly SkuInfo[],
  inputs: Readonly<Record<string, DimensionsInput | undefined>>,
  hasSender: boolean,
): SetupOutcome {
  const checked = validateDimensions(skus, inputs);
  if (!checked.ok) return { ok: false, error: checked.error, sku: checked.sku, field: checked.field };
  if (!hasSender) return { ok: false, error: NO_SENDER_MESSAGE, sku: null, field: null };
  return { ok: true, dimensions: checked.dimensions };
}

export interface ConversionSettings {
  sender: SenderAddress;
  dimensions: Readonly<Record<string, PackageDimensions>>;
  descriptionSource: DescriptionSource;
  splitByQuantity: boolean;
}

/** Runs the conversion; an unexpected failure reads 'Error converting data: {message}'. */
export function convertReport(
  rows: readonly AmazonReportRow[],
  settings: ConversionSettings,
): Outcome<ConversionResult> {
  try {
    return { ok: true, value: convertOrders(rows, settings) };
  } catch (error) {
    return { ok: false, error: stageErrorMessage('convert', error) };
  }
}

export interface AppliedDimensionsRow extends PackageDimensions {
  sku: string;
  productName: string;
}

/** The applied-dimensions table: one row per SKU of the report, in the form's order. */
export function appliedDimensions(
  skus: readonly SkuInfo[],
  dimensions: Readonly<Record<string, PackageDimensions>>,
): AppliedDimensionsRow[] {
  return skus.flatMap((info) => {
    const size = Object.hasOwn(dimensions, info.sku) ? dimensions[info.sku] : undefined;
    return size ? [{ sku: info.sku, productName: info.productName, ...size }] : [];
  });
}

/** 'Package dimensions set for 3 SKUs.' (singular for one). */
export function dimensionsSetMessage(skuCount: number): string {
  return `Package dimensions set for ${skuCount} ${skuCount === 1 ? 'SKU' : 'SKUs'}.`;
}
