import { PDFDocument, rgb } from 'pdf-lib';

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
 * Puts `count` label PDFs on Letter sheets, two a sheet in order (the last sheet holds one when count is odd). Labels
 * are read one at a time (`read(i)`) and dropped once placed.
 */
export async function letterTwoUpPdf(count: number, read: (index: number) => Promise<Uint8Array>): Promise<Uint8Array> {
  const out = await PDFDocument.create();
  const { slots, cropMarks } = letterTwoUpLayout();
  for (let i = 0; i < count; i += 2) {
    const page = out.addPage([LETTER.width, LETTER.height]);
    for (let j = 0; j < 2 && i + j < count; j++) {
      const [label] = await out.embedPdf(await read(i + j), [0]);
      const slot = slots[j] as Rect;
      if (label) page.drawPage(label, slot);
    }
    for (const mark of cropMarks) {
      page.drawLine({
        start: { x: mark.x1, y: mark.y1 },
        end: { x: mark.x2, y: mark.y2 },
        thickness: 0.5,
        color: rgb(0, 0, 0),
      });
    }
  }
  out.setTitle('Shipping labels (Letter, 2 per page)');
  out.setProducer('LabelDesk');
  return out.save();
}
