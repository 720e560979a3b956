import { addressLines, barcodeBars, CARRIER_TITLE, footerLines, pdfSafe } from './label-pdf';
import { formatTrackingNumber } from './tracking-numbers';
import type { LabelRecord } from './types';

/** Printer resolutions a ZPL label is laid out for: 8 dots/mm (203 dpi) and 12 dots/mm (300 dpi). */
export const ZPL_DPIS = [203, 300] as const;
export type ZplDpi = (typeof ZPL_DPIS)[number];

/** A 4x6 inch label in printer dots: ^PW (width) and ^LL (length) at each resolution. */
export const ZPL_LABEL_DOTS: Record<ZplDpi, { width: number; length: number }> = {
  203: { width: 812, length: 1218 },
  300: { width: 1200, length: 1800 },
};

/**
 * Field data for ^FH\ (hexadecimal escapes): the ZPL command prefixes (^ and ~) and the escape character itself are
 * written as \hh, so a name or reference can never end the field or start a command. Text is first reduced to
 * printable ASCII, as on the PDF label.
 */
export function zplField(text: string): string {
  return pdfSafe(text).replace(/[\\^~]/g, (ch) => `\\${ch.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}

/**
 * The label as one ZPL II format (^XA … ^XZ) for a 4x6 thermal printer: every text is a ZPL field in the printer's
 * scalable font (^A0), the tracking number a Code 128 field (^BC, automatic subsets) the printer draws itself; the
 * layout is the PDF label's, in dots. A voided label is stamped VOID in reverse print.
 */
export function renderLabelZpl(label: LabelRecord, dpi: ZplDpi = 203): string {
  const { width, length } = ZPL_LABEL_DOTS[dpi];
  // PDF points to dots.
  const d = (pt: number) => Math.round((pt * dpi) / 72);
  const margin = d(12);
  const out: string[] = ['^XA', '^CI0', `^PW${width}`, `^LL${length}`, '^LH0,0'];
  const text = (x: number, y: number, size: number, value: string, extra = '') =>
    out.push(`^FO${x},${y}^A0N,${size},${size}${extra}^FH\\^FD${zplField(value)}^FS`);
  const box = (x: number, y: number, w: number, h: number, thickness: number) =>
    out.push(`^FO${x},${y}^GB${w},${h},${thickness}^FS`);

  box(d(4), d(4), width - 2 * d(4), length - 2 * d(4), d(1.5));
  let y = d(12);
  text(margin, y, d(26), CARRIER_TITLE[label.carrier]);
  const weight = `${label.package.weight} ${label.package.weightUnit.toUpperCase()}`;
  // Right-aligned in a block as wide as the label's inner width.
  out.push(`^FO${margin},${y}^A0N,${d(12)},${d(12)}^FB${width - 2 * margin},1,0,R^FH\\^FD${zplField(weight)}^FS`);
  const date = new Date(label.createdAt).toISOString().slice(0, 10);
  out.push(`^FO${margin},${y + d(16)}^A0N,${d(7)},${d(7)}^FB${width - 2 * margin},1,0,R^FD SHIP DATE: ${date}^FS`);

  y += d(32);
  text(margin, y, d(7), 'FROM:');
  for (const line of addressLines(label.from)) {
    y += d(9);
    text(margin, y, d(8), line.toUpperCase());
  }
  y += d(14);
  box(d(4), y, width - 2 * d(4), 1, d(1));
  y += d(6);
  text(margin, y, d(8), 'SHIP TO:');
  y += d(4);
  for (const line of addressLines(label.to)) {
    y += d(15);
    text(margin + d(10), y, d(13), line.toUpperCase());
  }

  // Service band: a filled box, the service name printed in reverse (^FR) over it.
  y += d(22);
  const band = d(24);
  box(d(4), y, width - 2 * d(4), band, band);
  text(margin, y + d(6), d(13), label.serviceName.toUpperCase(), '^FR');
  y += band + d(8);

  text(margin, y, d(8), 'TRACKING #:');
  y += d(14);
  // The narrow bar: 3 dots at 203 dpi and 4 at 300 (about 0.014 in), fewer when the symbol would not fit.
  const { modules } = barcodeBars(label.trackingNumber);
  const module = Math.max(1, Math.min(dpi === 300 ? 4 : 3, Math.floor((width - 2 * margin) / (modules + 20))));
  const barHeight = d(64);
  // ^BY module width, wide:narrow ratio (ignored by Code 128), height; centred on the label.
  out.push(`^BY${module},3,${barHeight}`);
  const barX = Math.round((width - modules * module) / 2);
  out.push(`^FO${barX},${y}^BCN,${barHeight},N,N,N,A^FD${zplField(label.trackingNumber)}^FS`);
  y += barHeight + d(6);
  const printed = formatTrackingNumber(label.carrier, label.trackingNumber);
  out.push(`^FO0,${y}^A0N,${d(16)},${d(16)}^FB${width},1,0,C^FH\\^FD${zplField(printed)}^FS`);

  const footer = footerLines(label);
  let fy = length - margin - footer.length * d(9);
  for (const line of footer) {
    text(margin, fy, d(7), line);
    fy += d(9);
  }

  if (label.status === 'voided') {
    box(d(60), d(150), d(170), d(70), d(70));
    out.push(`^FO${d(60)},${d(160)}^A0N,${d(56)},${d(56)}^FB${d(170)},1,0,C^FR^FDVOID^FS`);
  }
  out.push('^PQ1', '^XZ');
  return `${out.join('\n')}\n`;
}
