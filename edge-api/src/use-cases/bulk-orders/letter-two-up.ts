import { PDFDocument, rgb } from 'pdf-lib';
import { UnsupportedPdf } from '../../lib/pdf-raw-reader';
import { type ByteSink, memorySink, StreamingPdfWriter } from '../../lib/pdf-stream-writer';
import { forEachInOrder, type ReadSource, rawPdfOrNull } from './build-combined-labels';

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

/** The crop marks as PDF content operators: half-point black lines. */
function cropMarkOps(cropMarks: Line[]): string {
  const lines = cropMarks.map((m) => `${m.x1} ${m.y1} m ${m.x2} ${m.y2} l S`).join('\n');
  return `q 0 0 0 RG 0.5 w\n${lines}\nQ\n`;
}

/** One sheet made with pdf-lib (a one-page document: the labels embedded as forms, drawn at their slots, the marks). */
async function pdfLibSheet(labels: Uint8Array[], slots: [Rect, Rect], cropMarks: Line[]): Promise<PDFDocument> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const page = doc.addPage([LETTER.width, LETTER.height]);
  for (const [i, bytes] of labels.entries()) {
    const [label] = await doc.embedPdf(bytes, [0]);
    if (label) page.drawPage(label, slots[i] as Rect);
  }
  for (const mark of cropMarks) {
    page.drawLine({
      start: { x: mark.x1, y: mark.y1 },
      end: { x: mark.x2, y: mark.y2 },
      thickness: 0.5,
      color: rgb(0, 0, 0),
    });
  }
  await doc.flush(); // the embedded labels become form XObjects of the sheet
  return doc;
}

/**
 * Writes `count` label PDFs on Letter sheets to `sink`, two a sheet in order (the last sheet holds one when count is
 * odd), as a stream: each sheet is written out and dropped before the next labels are read. A sheet is written
 * directly (StreamingPdfWriter.addSheet: each label's page becomes a form XObject made of its own content stream, still
 * encoded, and resources, nothing decoded or re-compressed); a sheet whose label the raw reader cannot place that way
 * is made with pdf-lib instead (embedPdf + drawPage), which draws the same thing.
 */
export async function writeLetterTwoUp(count: number, read: ReadSource, sink: ByteSink): Promise<void> {
  const writer = new StreamingPdfWriter(sink);
  const { slots, cropMarks } = letterTwoUpLayout();
  const ops = cropMarkOps(cropMarks);
  let labels: Uint8Array[] = [];
  await forEachInOrder(
    count,
    read,
    async (bytes, i) => {
      labels.push(bytes);
      if (i % 2 === 0 && i !== count - 1) return;
      try {
        const placements = labels.map((label, slot) => {
          const pdf = rawPdfOrNull(label);
          const page = pdf?.pages()[0];
          if (!pdf || !page) throw new UnsupportedPdf('label not read');
          return { pdf, page, ...(slots[slot] as Rect) };
        });
        await writer.addSheet(LETTER, placements, ops);
      } catch (err) {
        if (!(err instanceof UnsupportedPdf)) throw err;
        await writer.addPages(await pdfLibSheet(labels, slots, cropMarks));
      }
      labels = [];
    },
    undefined,
    1,
  ); // a sheet's first label is held until its second is read

  await writer.end({ title: 'Shipping labels (Letter, 2 per page)', producer: 'LabelDesk' });
}

/** The same sheets in memory (small sets, tests). */
export async function letterTwoUpPdf(count: number, read: ReadSource): Promise<Uint8Array> {
  const mem = memorySink();
  await writeLetterTwoUp(count, read, mem.sink);
  return mem.bytes();
}
