import bwipjs from 'bwip-js/node';
import {
  degrees,
  fill,
  PDFDocument,
  type PDFFont,
  type PDFPage,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  rgb,
  StandardFonts,
  setFillingRgbColor,
} from 'pdf-lib';
import { formatTrackingNumber } from './tracking-numbers';
import type { Address, LabelRecord } from './types';

/** A 4x6 inch label: 288 x 432 PDF points. */
export const LABEL_WIDTH_PT = 288;
export const LABEL_HEIGHT_PT = 432;

const MARGIN = 12;
const BLACK = rgb(0, 0, 0);
const WHITE = rgb(1, 1, 1);

export const CARRIER_TITLE = { UPS: 'UPS', USPS: 'USPS', FEDEX: 'FedEx' } as const;

/** The standard PDF fonts only encode WinAnsi: strip accents and replace anything else. */
export function pdfSafe(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '?');
}

function fitText(text: string, font: PDFFont, size: number, maxWidth: number): string {
  let out = pdfSafe(text);
  if (font.widthOfTextAtSize(out, size) <= maxWidth) return out;
  while (out.length > 1 && font.widthOfTextAtSize(`${out}...`, size) > maxWidth) out = out.slice(0, -1);
  return `${out}...`;
}

/** The printed lines of an address block (the same on every format). */
export function addressLines(a: Address): string[] {
  return [
    a.name,
    a.company,
    a.street1,
    a.street2,
    `${a.city}, ${a.state} ${a.zip}`,
    a.country !== 'US' ? a.country : null,
    a.phone,
  ].filter((l): l is string => !!l);
}

/** Draws one line; a line too wide shrinks down to `minSize`, then is cut with an ellipsis. */
function text(
  page: PDFPage,
  value: string,
  x: number,
  y: number,
  font: PDFFont,
  size: number,
  maxWidth: number,
  minSize = size,
  color = BLACK,
) {
  const safe = pdfSafe(value);
  const fitted = Math.max(minSize, Math.min(size, (maxWidth / Math.max(1, font.widthOfTextAtSize(safe, size))) * size));
  page.drawText(fitText(safe, font, fitted, maxWidth), { x, y, size: fitted, font, color });
}

/** The small print at the foot of a label, top to bottom (the same on every format). */
export function footerLines(label: LabelRecord): string[] {
  const p = label.package;
  return [
    `DIMS: ${p.length} x ${p.width} x ${p.height} IN   BILLED: ${label.billedWeight} ${label.billedWeightUnit.toUpperCase()}`,
    label.template ? `TEMPLATE: ${label.template}` : null,
    label.reference ? `REF: ${label.reference}` : null,
    p.description ? `CONTENTS: ${p.description}` : null,
    `LABEL: ${label.labelId}`,
    'SANDBOX LABEL - NOT VALID FOR SHIPPING',
  ].filter((l): l is string => !!l);
}

/** Code 128 needs a quiet zone of at least 10 modules on each side. */
const QUIET_ZONE_MODULES = 10;

/**
 * The Code 128 symbol of the tracking number (bwip-js): its bars as [offset, width] pairs in modules, and its width in
 * modules. The label draws them as vector rectangles: sharp at any print resolution, and about a hundred times cheaper
 * than rasterising a PNG that pdf-lib must then decode and deflate again (that was ~40 ms of CPU per label).
 */
export function barcodeBars(trackingNumber: string): { bars: Array<[number, number]>; modules: number } {
  const [symbol] = bwipjs.raw('code128', trackingNumber, {});
  if (!symbol || !('sbs' in symbol)) throw new Error('bwip-js returned no linear Code 128 symbol');
  const bars: Array<[number, number]> = [];
  let offset = 0;
  // sbs alternates bar, space, bar, ... widths in modules, starting with a bar.
  symbol.sbs.forEach((width, i) => {
    if (i % 2 === 0) bars.push([offset, width]);
    offset += width;
  });
  return { bars, modules: offset };
}

function drawBarcode(page: PDFPage, trackingNumber: string, y: number, maxWidth: number, height: number) {
  const { bars, modules } = barcodeBars(trackingNumber);
  // 2 pt per module when there is room (a 0.028 in module prints cleanly on 203 dpi thermal printers), narrower if not.
  const module = Math.min(2, maxWidth / (modules + 2 * QUIET_ZONE_MODULES));
  const left = (LABEL_WIDTH_PT - modules * module) / 2;
  // One path of `re` rectangles filled once (black), inside its own graphics state.
  page.pushOperators(
    pushGraphicsState(),
    setFillingRgbColor(0, 0, 0),
    ...bars.map(([offset, width]) => rectangle(left + offset * module, y, width * module, height)),
    fill(),
    popGraphicsState(),
  );
}

/**
 * Renders the label: carrier and service band, ship-from and ship-to blocks, weight, dimensions, date, reference, a
 * Code 128 barcode of the tracking number and the tracking number in large type. A voided label is stamped VOID.
 */
export async function renderLabelPdf(label: LabelRecord): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const created = new Date(label.createdAt);
  doc.setTitle(`Shipping label ${label.labelId}`);
  doc.setProducer('LabelDesk sandbox carrier');
  doc.setCreator('LabelDesk sandbox carrier');
  doc.setCreationDate(created);
  doc.setModificationDate(created);

  const page = doc.addPage([LABEL_WIDTH_PT, LABEL_HEIGHT_PT]);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const inner = LABEL_WIDTH_PT - 2 * MARGIN;

  page.drawRectangle({
    x: 4,
    y: 4,
    width: LABEL_WIDTH_PT - 8,
    height: LABEL_HEIGHT_PT - 8,
    borderColor: BLACK,
    borderWidth: 1.5,
  });

  // Header: carrier, weight and date.
  let y = LABEL_HEIGHT_PT - MARGIN - 22;
  text(page, CARRIER_TITLE[label.carrier], MARGIN, y, bold, 26, 120);
  const weight = `${label.package.weight} ${label.package.weightUnit.toUpperCase()}`;
  const date = created.toISOString().slice(0, 10);
  page.drawText(pdfSafe(weight), {
    x: LABEL_WIDTH_PT - MARGIN - bold.widthOfTextAtSize(pdfSafe(weight), 12),
    y: y + 12,
    size: 12,
    font: bold,
  });
  page.drawText(`SHIP DATE: ${date}`, {
    x: LABEL_WIDTH_PT - MARGIN - regular.widthOfTextAtSize(`SHIP DATE: ${date}`, 7),
    y: y + 2,
    size: 7,
    font: regular,
  });

  // Ship from.
  y -= 14;
  text(page, 'FROM:', MARGIN, y, bold, 7, inner);
  for (const line of addressLines(label.from)) {
    y -= 9;
    text(page, line.toUpperCase(), MARGIN, y, regular, 8, inner, 6);
  }

  // Ship to.
  y -= 10;
  page.drawLine({ start: { x: 4, y }, end: { x: LABEL_WIDTH_PT - 4, y }, thickness: 1, color: BLACK });
  y -= 14;
  text(page, 'SHIP TO:', MARGIN, y, bold, 8, inner);
  for (const line of addressLines(label.to)) {
    y -= 15;
    text(page, line.toUpperCase(), MARGIN + 10, y, bold, 13, inner - 10, 9);
  }

  // Service band (inverted).
  y -= 16;
  const bandHeight = 24;
  page.drawRectangle({ x: 4, y: y - bandHeight, width: LABEL_WIDTH_PT - 8, height: bandHeight, color: BLACK });
  text(page, label.serviceName.toUpperCase(), MARGIN, y - bandHeight + 7, bold, 13, inner, 8, WHITE);
  y -= bandHeight;

  // Footer details (bottom-up), then the barcode in the space left between the band and the footer.
  const footer = footerLines(label);
  let fy = MARGIN + 2 + (footer.length - 1) * 9;
  const footerTop = fy + 12;
  for (const line of footer) {
    text(page, line, MARGIN, fy, regular, 7, inner, 5.5);
    fy -= 9;
  }

  const printed = formatTrackingNumber(label.carrier, label.trackingNumber);
  const size = Math.min(16, (inner / bold.widthOfTextAtSize(printed, 16)) * 16);
  const barcodeHeight = Math.max(24, Math.min(64, y - footerTop - 30 - size));
  y -= 10;
  text(page, 'TRACKING #:', MARGIN, y - 8, bold, 8, inner);
  y -= 12 + barcodeHeight;
  drawBarcode(page, label.trackingNumber, y, inner, barcodeHeight);
  y -= size + 4;
  page.drawText(printed, { x: (LABEL_WIDTH_PT - bold.widthOfTextAtSize(printed, size)) / 2, y, size, font: bold });

  if (label.status === 'voided') {
    page.drawText('VOID', {
      x: 60,
      y: 150,
      size: 110,
      font: bold,
      color: rgb(0.85, 0, 0),
      opacity: 0.55,
      rotate: degrees(35),
    });
  }

  return doc.save({ useObjectStreams: false });
}
