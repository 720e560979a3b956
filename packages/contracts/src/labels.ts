import { z } from 'zod';
import type { ProviderKind } from './providers';

/**
 * Label formats (issue 24): `pdf` (4x6 in), `png` (4x6 in at 300 dpi, 1200x1800) and `zpl` (ZPL II for a 4x6 thermal
 * printer at 203 dpi, or 300 with `dpi=300`). Each comes from the provider that bought the label, natively: nothing is
 * converted or faked.
 */
export const LABEL_FORMATS = ['pdf', 'png', 'zpl'] as const;
export const LabelFormat = z.enum(LABEL_FORMATS);
export type LabelFormat = z.infer<typeof LabelFormat>;

export const ZPL_DPIS = [203, 300] as const;
export type ZplDpi = (typeof ZPL_DPIS)[number];

/** What each format is called on buttons and in messages. */
export const LABEL_FORMAT_NAMES: Record<LabelFormat, string> = { pdf: 'PDF', png: 'PNG', zpl: 'ZPL' };

/**
 * The formats a provider API can give, by the protocol it speaks (a service offers those of its API; a label those of
 * the API that bought it — after a failover, that one):
 * - generic (v1): every label as PDF, PNG and ZPL (203 and 300 dpi);
 * - EasyPost: the PDF bought, and ZPL converted by EasyPost itself (GET /v2/shipments/{id}/label?file_format=ZPL) at
 *   the 203 dpi it renders; not PNG: a label bought as PDF keeps `label_url` on the PDF, so no PNG of it exists;
 * - Shippo: the PDF only — Shippo fixes a label's file type when it is bought (`label_file_type`) and has no
 *   conversion, and every label is bought as PDF_4x6 so that combined and Letter documents can be made of it.
 */
export const LABEL_FORMATS_BY_KIND: Record<ProviderKind, readonly LabelFormat[]> = {
  generic: LABEL_FORMATS,
  easypost: ['pdf', 'zpl'],
  shippo: ['pdf'],
};

/** The printer resolutions a kind's ZPL is had at (where LABEL_FORMATS_BY_KIND offers ZPL). */
export const ZPL_DPIS_BY_KIND: Record<ProviderKind, readonly ZplDpi[]> = {
  generic: ZPL_DPIS,
  easypost: [203],
  shippo: [],
};

/** ?format=…&dpi=… of a single label's download (pdf when absent; dpi only matters for zpl, 203 when absent). */
export const LabelFormatQuery = z.object({
  format: LabelFormat.default('pdf'),
  dpi: z
    .enum(['203', '300'], { message: 'dpi must be 203 or 300' })
    .default('203')
    .transform((v) => Number(v) as ZplDpi),
});
export type LabelFormatQuery = z.infer<typeof LabelFormatQuery>;

/**
 * The web app's ?format=…&dpi=… of a single label: when absent, the format and dpi of the label owner's settings (a
 * signed link has no session, so the owner's, not the caller's, decide).
 */
export const WebLabelFormatQuery = z.object({
  format: LabelFormat.optional(),
  dpi: z
    .enum(['203', '300'], { message: 'dpi must be 203 or 300' })
    .optional()
    .transform((v) => (v === undefined ? undefined : (Number(v) as ZplDpi))),
});

/**
 * The combined document of a bulk order (`GET /api/labels/bulk/{id}?format=…`): `pdf` (the 4x6 labels one after the
 * other), `zpl` (one ^XA…^XZ block per label, only when every label's service prints ZPL) or `letter-2up` (8.5x11 in
 * pages with two 4x6 labels each and crop marks, made from the PDF labels).
 */
export const BULK_LABEL_FORMATS = ['pdf', 'zpl', 'letter-2up'] as const;
export const BulkLabelFormat = z.enum(BULK_LABEL_FORMATS);
export type BulkLabelFormat = z.infer<typeof BulkLabelFormat>;
export const BULK_LABEL_FORMAT_NAMES: Record<BulkLabelFormat, string> = {
  pdf: 'PDF (4x6)',
  zpl: 'ZPL',
  'letter-2up': 'Letter, 2 per page',
};
/** ?format=…&dpi=… of a bulk order's combined labels (pdf when absent; dpi for zpl, the owner's when absent). */
export const BulkLabelFormatQuery = z.object({
  format: BulkLabelFormat.default('pdf'),
  dpi: WebLabelFormatQuery.shape.dpi,
});

/** The public API's GET /bulk-labels/{id}?format=…&dpi=…: as the web route, dpi 203 when absent (as /labels/{id}). */
export const ApiBulkLabelFormatQuery = z.object({
  format: BulkLabelFormat.default('pdf'),
  dpi: LabelFormatQuery.shape.dpi,
});

/** A customer's label settings: the format their downloads and Print default to, and their thermal printer's dpi. */
export const LabelSettings = z.object({
  labelFormat: LabelFormat,
  zplDpi: z.union([z.literal(203), z.literal(300)]),
});
export type LabelSettings = z.infer<typeof LabelSettings>;
export const UpdateLabelSettingsRequest = LabelSettings;
export type UpdateLabelSettingsRequest = z.input<typeof UpdateLabelSettingsRequest>;

/** The longest reference text an order takes (printed on the label). */
export const ORDER_REFERENCE_MAX = 35;
export const ORDER_REFERENCE_MESSAGE = `Reference must be at most ${ORDER_REFERENCE_MAX} characters`;

export const LABEL_MESSAGES = {
  formatNotOffered: (format: LabelFormat) =>
    `This label is not available as ${LABEL_FORMAT_NAMES[format]}: its shipping service does not print that format`,
  zplDpiNotOffered: (dpi: ZplDpi, offered: readonly ZplDpi[]) =>
    `This label is not available as ZPL at ${dpi} dpi: its shipping service prints ZPL at ${offered.join(' or ')} dpi only`,
  settingsSaved: 'Label settings saved',
  bulkZplNotOffered: (row: number) =>
    `This bulk order's labels are not all available as ZPL: the shipping service of row ${row} does not print that format`,
} as const;

/** The file name of one label's download, per format (the SPEC's `label-<id>.pdf`, other extensions alike). */
export function labelFileName(orderId: string, format: LabelFormat): string {
  return `label-${orderId.replace(/[^A-Za-z0-9_-]/g, '_')}.${format}`;
}

export const LABEL_CONTENT_TYPES: Record<LabelFormat, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  zpl: 'application/zpl',
};

/**
 * The USPS label templates (SPEC §9) a shipping API may offer; BASIC is the default. The carrier checks the template
 * when a label is bought (each API offers its own subset), so this list documents the values rather than refusing.
 */
export const USPS_TEMPLATE_NAMES = [
  'BASIC',
  'EVS',
  'EVS_V2',
  'AMZ',
  'EASYPOST',
  'ENDICIA',
  'ROLLO',
  'PITNEY_BOWES',
  'STAMPS',
] as const;

export const USPS_TEMPLATE_TEXT = `USPS label template: ${USPS_TEMPLATE_NAMES.join(', ')} (default BASIC); ignored for UPS and FedEx`;
