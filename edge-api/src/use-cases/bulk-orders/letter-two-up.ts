import { PDFDocument, type PDFPage, rgb } from 'pdf-lib';
import { type ByteSink, memorySink, StreamingPdfWriter } from '../../lib/pdf-stream-writer';
import { forEachInOrder } from './build-combined-labels';

/**
 * Letter 2-up sheets (issue 24): 8.5x11 in pages, each holding two 4x6 in labels side by side (portrait, as drawn),
 * centred on the page, with crop marks on the cut lines outside the labels; ceil(n/2) pages for n labels. Each label
 * PDF's first page is placed at its full 4x6 size: nothing is scaled or rasterised. Units are PDF points (1/72 in).
 */

export const LETTER = { width: 612, height: 792 } as const;
export const LABEL_4X6 = { width: 288, height: 432 } as const;
/** Crop marks stop this far from the label edge, so a mark is never printed on a label. */
export const CROP_GAP = 6;
/** Length of a crop mark. */
export const CROP_LENGTH = 18;

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}
export interface Line {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

/** Where the two labels of a sheet go (left, right; origin at the page's bottom left) and the crop marks to draw. */
export function letterTwoUpLayout(): { slots: [Rect, Rect]; cropMarks: Line[] } {
  const { width: w, height: h } = LABEL_4X6;
  const left = (LETTER.width - 2 * w) / 2;
  const bottom = (LETTER.height - h) / 2;
  const top = bottom + h;
  const slots: [Rect, Rect] = [
    { x: left, y: bottom, width: w, height: h },
    { x: left + w, y: bottom, width: w, height: h },
  ];
  const cropMarks: Line[] = [];
  // The three vertical cut lines (left edge, between the labels, right edge): marks above and below the labels.
  for (const x of [left, left + w, left + 2 * w]) {
    cropMarks.push({ x1: x, y1: top + CROP_GAP, x2: x, y2: top + CROP_GAP + CROP_LENGTH });
    cropMarks.push({ x1: x, y1: bottom - CROP_GAP, x2: x, y2: bottom - CROP_GAP - CROP_LENGTH });
  }
  // The two horizontal cut lines (bottom, top): marks left and right of the labels, within the page margin.
  const side = Math.min(CROP_LENGTH, left - CROP_GAP);
  for (const y of [bottom, top]) {
    cropMarks.push({ x1: left - CROP_GAP, y1: y, x2: left - CROP_GAP - side, y2: y });
    cropMarks.push({ x1: left + 2 * w + CROP_GAP, y1: y, x2: left + 2 * w + CROP_GAP + side, y2: y });
  }
  return { slots, cropMarks };
}

/**
 * Writes `count` label PDFs on Letter sheets to `sink`, two a sheet in order (the last sheet holds one when count is
 * odd), as a stream: each sheet is made as a one-page document of its own (pdf-lib: the two labels embedded as forms,
 * drawn at their slots, the crop marks), written out and dropped before the next labels are read.
 */
export async function writeLetterTwoUp(
  count: number,
  read: (index: number) => Promise<Uint8Array>,
  sink: ByteSink,
): Promise<void> {
  const writer = new StreamingPdfWriter(sink);
  const { slots, cropMarks } = letterTwoUpLayout();
  let sheet: { doc: PDFDocument; page: PDFPage } | null = null;
  await forEachInOrder(count, read, async (bytes, i) => {
    if (i % 2 === 0) {
      const doc = await PDFDocument.create({ updateMetadata: false });
      sheet = { doc, page: doc.addPage([LETTER.width, LETTER.height]) };
    }
    const { doc, page } = sheet as unknown as { doc: PDFDocument; page: PDFPage };
    const [label] = await doc.embedPdf(bytes, [0]);
    if (label) page.drawPage(label, slots[i % 2] as Rect);
    if (i % 2 === 1 || i === count - 1) {
      for (const mark of cropMarks) {
        page.drawLine({
          start: { x: mark.x1, y: mark.y1 },
          end: { x: mark.x2, y: mark.y2 },
          thickness: 0.5,
          color: rgb(0, 0, 0),
        });
      }
      await doc.flush(); // the embedded labels become form XObjects of the sheet
      await writer.addPages(doc);
      sheet = null;
    }
  });
  await writer.end({ title: 'Shipping labels (Letter, 2 per page)', producer: 'LabelDesk' });
}

/** The same sheets in memory (small sets, tests). */
export async function letterTwoUpPdf(count: number, read: (index: number) => Promise<Uint8Array>): Promise<Uint8Array> {
  const mem = memorySink();
  await writeLetterTwoUp(count, read, mem.sink);
  return mem.bytes();
}
