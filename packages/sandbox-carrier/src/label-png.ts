import bwipjs, { type DrawingContext } from 'bwip-js/node';
import { addressLines, barcodeBars, CARRIER_TITLE, footerLines, pdfSafe } from './label-pdf';
import { formatTrackingNumber } from './tracking-numbers';
import type { LabelRecord } from './types';

/** A 4x6 inch label at 300 dpi. */
export const PNG_DPI = 300;
export const PNG_WIDTH = 1200;
export const PNG_HEIGHT = 1800;

const FONT = 'OCR-B';
const BLACK = '000000';
const WHITE = 'FFFFFF';

type Drawing = DrawingContext<Promise<Buffer>>;

/**
 * The label as a 1200x1800 PNG (4x6 in at 300 dpi), drawn by bwip-js: it renders the tracking number's Code 128
 * symbol at whole-pixel module widths (so it scans), and the same drawing — bwip-js's own rasteriser, OCR-B font and
 * PNG encoder — takes the label's text and rules before the image is encoded. The layout is the PDF label's.
 */
export async function renderLabelPng(label: LabelRecord): Promise<Uint8Array> {
  const { modules } = barcodeBars(label.trackingNumber);
  const margin = 50;
  // 4 px (0.013 in) narrow bars, 3 when a long number would not fit with its quiet zones.
  const scale = Math.min(4, Math.floor((PNG_WIDTH - 2 * margin) / (modules + 20)));
  const barTop = 1000;
  const barHeightPx = 260;
  const left = Math.round((PNG_WIDTH - modules * scale) / 2);
  const options = {
    bcid: 'code128',
    text: label.trackingNumber,
    scale,
    // bwip-js takes the height in mm; BWIPP draws 72 units an inch, each `scale` pixels.
    height: (barHeightPx / scale / 72) * 25.4,
    paddingleft: left,
    paddingtop: barTop,
    paddingright: 0,
    paddingbottom: 0,
    backgroundcolor: WHITE,
  };
  const dwg: Drawing = bwipjs.drawingZlibPng();
  const init = dwg.init.bind(dwg);
  // The symbol's box is known only here: pad it out to exactly the label's size.
  // (bwip-js scales the paddings it was given by `scale`; these are set in pixels.)
  dwg.init = (width, height) => {
    options.paddingleft = left;
    options.paddingtop = barTop;
    options.paddingright = PNG_WIDTH - left - width;
    options.paddingbottom = PNG_HEIGHT - barTop - height;
    init(width, height);
  };
  const end = dwg.end.bind(dwg);
  dwg.end = () => {
    drawLabel(dwg, label, left, barTop, barHeightPx);
    return end();
  };
  const png = await bwipjs.render(options, dwg);
  return new Uint8Array(png.buffer, png.byteOffset, png.byteLength);
}

/** Draws text and rules in label pixels (the drawing's origin is the symbol's corner, `ox`, `oy`). */
function drawLabel(dwg: Drawing, label: LabelRecord, ox: number, oy: number, barHeight: number) {
  const margin = 50;
  const inner = PNG_WIDTH - 2 * margin;
  const line = (x0: number, y0: number, x1: number, y1: number, lw: number, rgb = BLACK) =>
    dwg.line(x0 - ox, y0 - oy, x1 - ox, y1 - oy, lw, rgb);
  /** One line of text, baseline at y; shrunk to fit `max` px wide, then cut with an ellipsis. */
  const text = (x: number, y: number, value: string, size: number, max = inner - (x - margin), rgb = BLACK) => {
    let safe = pdfSafe(value);
    let px = size;
    const widthAt = (s: string, p: number) => dwg.measure(s, FONT, p, p).width;
    while (px > Math.max(20, size * 0.7) && widthAt(safe, px) > max) px -= 2;
    if (widthAt(safe, px) > max) {
      while (safe.length > 1 && widthAt(`${safe}...`, px) > max) safe = safe.slice(0, -1);
      safe = `${safe}...`;
    }
    dwg.text(x - ox, y - oy, safe, rgb, { name: FONT, width: px, height: px, dx: 0 });
    return widthAt(safe, px);
  };
  const right = (y: number, value: string, size: number) => {
    const w = dwg.measure(pdfSafe(value), FONT, size, size).width;
    text(PNG_WIDTH - margin - w, y, value, size);
  };

  // Border.
  for (const [x0, y0, x1, y1] of [
    [16, 16, PNG_WIDTH - 16, 16],
    [16, PNG_HEIGHT - 16, PNG_WIDTH - 16, PNG_HEIGHT - 16],
  ] as const)
    line(x0, y0, x1, y1, 6);
  line(16, 16, 16, PNG_HEIGHT - 16, 6);
  line(PNG_WIDTH - 16, 16, PNG_WIDTH - 16, PNG_HEIGHT - 16, 6);

  let y = 140;
  text(margin, y, CARRIER_TITLE[label.carrier], 100, 500);
  right(90, `${label.package.weight} ${label.package.weightUnit.toUpperCase()}`, 48);
  right(135, `SHIP DATE: ${new Date(label.createdAt).toISOString().slice(0, 10)}`, 28);

  y += 60;
  text(margin, y, 'FROM:', 30);
  for (const l of addressLines(label.from)) {
    y += 38;
    text(margin, y, l.toUpperCase(), 32);
  }
  y += 30;
  line(16, y, PNG_WIDTH - 16, y, 4);
  y += 55;
  text(margin, y, 'SHIP TO:', 32);
  for (const l of addressLines(label.to)) {
    y += 62;
    text(margin + 40, y, l.toUpperCase(), 54);
  }

  // Service band: a black bar, the service name in white.
  const bandTop = Math.min(y + 30, oy - 190);
  line(16, bandTop + 50, PNG_WIDTH - 16, bandTop + 50, 100);
  text(margin, bandTop + 72, label.serviceName.toUpperCase(), 54, inner, WHITE);
  text(margin, oy - 30, 'TRACKING #:', 32);

  const printed = formatTrackingNumber(label.carrier, label.trackingNumber);
  const w = dwg.measure(printed, FONT, 64, 64).width;
  text(Math.max(margin, Math.round((PNG_WIDTH - w) / 2)), oy + barHeight + 80, printed, 64);

  const footer = footerLines(label);
  let fy = PNG_HEIGHT - margin - (footer.length - 1) * 36;
  for (const l of footer) {
    text(margin, fy, l, 28);
    fy += 36;
  }

  if (label.status === 'voided') {
    line(300, 760, 900, 760, 200);
    const vw = dwg.measure('VOID', FONT, 180, 180).width;
    text(Math.round((PNG_WIDTH - vw) / 2), 830, 'VOID', 180, inner, WHITE);
  }
}
