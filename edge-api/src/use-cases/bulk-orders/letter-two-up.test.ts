import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { LABEL_4X6, LETTER, letterTwoUpLayout, letterTwoUpPdf, type Rect } from './letter-two-up';

const inside = (r: Rect, page = LETTER) =>
  r.x >= 0 && r.y >= 0 && r.x + r.width <= page.width && r.y + r.height <= page.height;

async function label(text: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([LABEL_4X6.width, LABEL_4X6.height]);
  page.drawText(text, { x: 20, y: 400, size: 12, font: await doc.embedFont(StandardFonts.Helvetica) });
  return doc.save();
}

/** A page as poppler prints it, gray, 2 pixels a point: the darkness (0 white .. 255 black) at a point (x, y in pt). */
function printed(pdf: Uint8Array, page: number): (x: number, y: number) => number {
  const dir = mkdtempSync(join(tmpdir(), 'letter-2up-'));
  try {
    writeFileSync(join(dir, 'doc.pdf'), pdf);
    // pdftoppm (poppler-utils) is required: an independent reader, not the library that wrote the page.
    const args = ['-gray', '-r', '144', '-f', `${page}`, '-l', `${page}`, join(dir, 'doc.pdf')];
    const pgm = execFileSync('pdftoppm', args, { maxBuffer: 16 * 1024 * 1024 });
    const [, width, height] = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(pgm.subarray(0, 32).toString('latin1')) ?? [];
    const header = pgm.length - Number(width) * Number(height);
    return (x, y) => 255 - (pgm[header + Math.round((LETTER.height - y) * 2) * Number(width) + Math.round(x * 2)] ?? 0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('letter 2-up geometry', () => {
  it('two 4x6 in labels side by side on 8.5x11 in, centred, not overlapping', () => {
    const { slots } = letterTwoUpLayout();
    const [left, right] = slots;
    expect(LETTER).toEqual({ width: 8.5 * 72, height: 11 * 72 });
    for (const slot of slots) {
      expect([slot.width, slot.height]).toEqual([4 * 72, 6 * 72]);
      expect(inside(slot)).toBe(true);
    }
    expect(right.x).toBe(left.x + left.width);
    expect(left.y).toBe(right.y);
    // Centred: equal margins left/right and top/bottom.
    expect(left.x).toBe(LETTER.width - (right.x + right.width));
    expect(left.y).toBe(LETTER.height - (left.y + left.height));
  });

  it('crop marks sit on every cut line, on the page, and never on a label', () => {
    const { slots, cropMarks } = letterTwoUpLayout();
    const [left, right] = slots;
    const xs = [left.x, right.x, right.x + right.width];
    const ys = [left.y, left.y + left.height];
    const onLabel = (x: number, y: number) =>
      slots.some((s) => x > s.x && x < s.x + s.width && y > s.y && y < s.y + s.height);
    for (const m of cropMarks) {
      const vertical = m.x1 === m.x2;
      expect(vertical ? xs : ys).toContain(vertical ? m.x1 : m.y1);
      for (const [x, y] of [
        [m.x1, m.y1],
        [m.x2, m.y2],
      ] as const) {
        expect(x >= 0 && x <= LETTER.width && y >= 0 && y <= LETTER.height).toBe(true);
        expect(onLabel(x, y)).toBe(false);
      }
    }
    // Each vertical cut line has a mark above and below; each horizontal one a mark at both sides.
    expect(cropMarks.filter((m) => m.x1 === m.x2)).toHaveLength(6);
    expect(cropMarks.filter((m) => m.y1 === m.y2)).toHaveLength(4);
  });

  it('prints the crop marks on every sheet, the last one with a single label too', async () => {
    const labels = await Promise.all(['ONE', 'TWO', 'THREE'].map(label));
    // Saved with object streams, pdf-lib draws the sheets; saved plain, they are written directly (the raw copy).
    const plain = await Promise.all(
      labels.map(async (l) => (await PDFDocument.load(l)).save({ useObjectStreams: false })),
    );
    const { cropMarks } = letterTwoUpLayout();
    for (const [sources, page] of [labels, plain].flatMap((l) => [1, 2].map((p) => [l, p] as const))) {
      const at = printed(await letterTwoUpPdf(sources.length, async (i) => sources[i] as Uint8Array), page);
      for (const m of cropMarks) {
        const [x, y] = [(m.x1 + m.x2) / 2, (m.y1 + m.y2) / 2];
        expect(at(x, y), `page ${page}: mark at ${x},${y}`).toBeGreaterThan(64);
        // 3 pt beside the mark (across it) the paper is blank: a thin mark, not a band.
        const [bx, by] = m.x1 === m.x2 ? [x + 3, y] : [x, y + 3];
        expect(at(bx, by), `page ${page}: beside the mark at ${x},${y}`).toBeLessThan(16);
      }
    }
  });

  it('puts n labels on ceil(n/2) Letter pages, in order', async () => {
    const labels = await Promise.all(['ONE', 'TWO', 'THREE'].map(label));
    const read: number[] = [];
    const pdf = await letterTwoUpPdf(labels.length, async (i) => {
      read.push(i);
      return labels[i] as Uint8Array;
    });
    const doc = await PDFDocument.load(pdf);
    expect(doc.getPageCount()).toBe(2);
    expect(doc.getPages().map((p) => p.getSize())).toEqual([LETTER, LETTER]);
    expect(read).toEqual([0, 1, 2]);
  });
});
