import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import zxing from '@zxing/library';
import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream } from 'pdf-lib';

// @zxing/library is CommonJS: take its members from the default export (named imports fail under Node ESM).
const { BarcodeFormat, BinaryBitmap, DecodeHintType, HybridBinarizer, MultiFormatReader, RGBLuminanceSource } = zxing;

/** Test-only PDF inspection: page sizes, the text drawn on the first page and its barcode. */

export async function pageSizes(pdf: Uint8Array): Promise<Array<{ width: number; height: number }>> {
  const doc = await PDFDocument.load(pdf);
  return doc.getPages().map((p) => p.getSize());
}

function streamBytes(stream: PDFRawStream): Uint8Array {
  return decodePDFRawStream(stream).decode();
}

/** The decoded content streams of the first page, as one operator text. */
async function pageOperators(pdf: Uint8Array): Promise<string> {
  const doc = await PDFDocument.load(pdf);
  const page = doc.getPages()[0];
  if (!page) return '';
  const contents = page.node.Contents();
  const streams: PDFRawStream[] = [];
  if (contents instanceof PDFArray) {
    for (let i = 0; i < contents.size(); i++) {
      const s = contents.lookup(i);
      if (s instanceof PDFRawStream) streams.push(s);
    }
  } else if (contents instanceof PDFRawStream) streams.push(contents);
  return streams.map((s) => Buffer.from(streamBytes(s)).toString('latin1')).join('\n');
}

/** The strings shown with Tj on the first page (pdf-lib writes standard-font text as hex strings). */
export async function pageText(pdf: Uint8Array): Promise<string[]> {
  const ops = await pageOperators(pdf);
  return [...ops.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)].map((m) => Buffer.from(m[1] ?? '', 'hex').toString('latin1'));
}

const NUMBER = String.raw`(-?[\d.]+)`;
const RECTANGLE = new RegExp(`${NUMBER} ${NUMBER} ${NUMBER} ${NUMBER} re`, 'g');

/**
 * Reads the page's barcode: the longest run of `re` rectangles filled as one path (how the label draws its bars) is
 * rasterised at 8 px per point into a white strip and decoded with ZXing, as a scanner would read the printed bars.
 */
export async function decodeEmbeddedBarcode(pdf: Uint8Array): Promise<string> {
  const ops = await pageOperators(pdf);
  const paths = ops
    .split(/\n\s*f\s*\n/)
    .map((chunk) => [...chunk.matchAll(RECTANGLE)].map((m) => m.slice(1, 5).map(Number)));
  const bars = paths.reduce((longest, p) => (p.length > longest.length ? p : longest), [] as number[][]);
  if (bars.length < 10) throw new Error('no barcode bars on the page');
  const scale = 8;
  const width = 288 * scale;
  const height = 16;
  const luminance = new Uint8ClampedArray(width * height).fill(255);
  for (const [x = 0, , w = 0] of bars) {
    const from = Math.round(x * scale);
    const to = Math.round((x + w) * scale);
    for (let row = 0; row < height; row++) luminance.fill(0, row * width + from, row * width + to);
  }
  const reader = new MultiFormatReader();
  reader.setHints(
    new Map<zxing.DecodeHintType, unknown>([[DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.CODE_128]]]),
  );
  return reader
    .decode(new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(luminance, width, height))))
    .getText();
}

/** Prints the page at `dpi` with pdftoppm and reads every barcode on it with zbarimg ("CODE-128:..." lines). */
export function scanPrintedPage(pdf: Uint8Array, dpi = 203): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'label-scan-'));
  try {
    writeFileSync(join(dir, 'label.pdf'), pdf);
    execFileSync('pdftoppm', ['-r', String(dpi), '-png', '-singlefile', 'label.pdf', 'page'], { cwd: dir });
    readFileSync(join(dir, 'page.png'));
    const out = execFileSync('zbarimg', ['-q', 'page.png'], { cwd: dir, stdio: ['ignore', 'pipe', 'ignore'] });
    return out.toString('utf8').trim().split('\n').filter(Boolean);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Every barcode zbarimg reads on a PNG ("CODE-128:..." lines). */
export function scanPng(png: Uint8Array): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'label-scan-'));
  try {
    writeFileSync(join(dir, 'label.png'), png);
    const out = execFileSync('zbarimg', ['-q', 'label.png'], { cwd: dir, stdio: ['ignore', 'pipe', 'ignore'] });
    return out.toString('utf8').trim().split('\n').filter(Boolean);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Width and height from a PNG's IHDR chunk. */
export function pngSize(png: Uint8Array): { width: number; height: number } {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (!signature.every((b, i) => png[i] === b)) throw new Error('not a PNG');
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}
