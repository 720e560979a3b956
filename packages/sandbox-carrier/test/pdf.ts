import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';
import zxing from '@zxing/library';
import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  type PDFNumber,
  PDFRawStream,
  type PDFRef,
} from 'pdf-lib';

// @zxing/library is CommonJS: take its members from the default export (named imports fail under Node ESM).
const { BarcodeFormat, BinaryBitmap, DecodeHintType, HybridBinarizer, MultiFormatReader, RGBLuminanceSource } = zxing;

/** Test-only PDF inspection: page sizes, the text drawn on the first page and its embedded barcode image. */

export async function pageSizes(pdf: Uint8Array): Promise<Array<{ width: number; height: number }>> {
  const doc = await PDFDocument.load(pdf);
  return doc.getPages().map((p) => p.getSize());
}

function streamBytes(stream: PDFRawStream): Uint8Array {
  return decodePDFRawStream(stream).decode();
}

/** The strings shown with Tj on the first page (pdf-lib writes standard-font text as hex strings). */
export async function pageText(pdf: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(pdf);
  const page = doc.getPages()[0];
  if (!page) return [];
  const contents = page.node.Contents();
  const streams: PDFRawStream[] = [];
  if (contents instanceof PDFArray) {
    for (let i = 0; i < contents.size(); i++) {
      const s = contents.lookup(i);
      if (s instanceof PDFRawStream) streams.push(s);
    }
  } else if (contents instanceof PDFRawStream) streams.push(contents);
  const ops = streams.map((s) => Buffer.from(streamBytes(s)).toString('latin1')).join('\n');
  return [...ops.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)].map((m) => Buffer.from(m[1] ?? '', 'hex').toString('latin1'));
}

/** Decodes the first image XObject of the first page (8-bit RGB or gray) with ZXing. */
export async function decodeEmbeddedBarcode(pdf: Uint8Array): Promise<string> {
  const doc = await PDFDocument.load(pdf);
  const page = doc.getPages()[0];
  if (!page) throw new Error('no page');
  const xobjects = page.node.Resources()?.lookup(PDFName.of('XObject'), PDFDict);
  if (!xobjects) throw new Error('no XObject');
  for (const [, ref] of xobjects.entries()) {
    const image = doc.context.lookup(ref as PDFRef);
    if (!(image instanceof PDFRawStream)) continue;
    if (image.dict.get(PDFName.of('Subtype'))?.toString() !== '/Image') continue;
    const width = (image.dict.get(PDFName.of('Width')) as PDFNumber).asNumber();
    const height = (image.dict.get(PDFName.of('Height')) as PDFNumber).asNumber();
    const colorSpace = image.dict.get(PDFName.of('ColorSpace'))?.toString();
    const raw =
      image.dict.get(PDFName.of('Filter'))?.toString() === '/FlateDecode'
        ? inflateSync(image.contents)
        : Buffer.from(image.contents);
    const channels = colorSpace === '/DeviceGray' ? 1 : 3;
    const luminance = new Uint8ClampedArray(width * height);
    for (let i = 0; i < width * height; i++) {
      if (channels === 1) luminance[i] = raw[i] ?? 255;
      else {
        const r = raw[i * 3] ?? 255;
        const g = raw[i * 3 + 1] ?? 255;
        const b = raw[i * 3 + 2] ?? 255;
        luminance[i] = Math.round((r + g + b) / 3);
      }
    }
    const source = new RGBLuminanceSource(luminance, width, height);
    const reader = new MultiFormatReader();
    const hints = new Map<zxing.DecodeHintType, unknown>([[DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.CODE_128]]]);
    reader.setHints(hints);
    return reader.decode(new BinaryBitmap(new HybridBinarizer(source))).getText();
  }
  throw new Error('no image on the page');
}

function has(tool: string): boolean {
  try {
    execFileSync('which', [tool], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** poppler's pdftoppm and zbar's zbarimg are on the PATH (apt: poppler-utils, zbar-tools). */
export const hasRasterTools = has('pdftoppm') && has('zbarimg');

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
