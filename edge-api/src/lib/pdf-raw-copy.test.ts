import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type LabelRecord, renderLabelPdf } from '@labeldesk/sandbox-carrier';
import { PDFDict, PDFDocument, PDFName, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { pdfInfo, pdfText } from '../../test/integration/poppler-support';
import { mergePdfs } from '../use-cases/bulk-orders/build-combined-labels';
import { letterTwoUpPdf } from '../use-cases/bulk-orders/letter-two-up';
import { RawPdf, UnsupportedPdf } from './pdf-raw-reader';
import { memorySink, StreamingPdfWriter } from './pdf-stream-writer';

/**
 * The raw copier (RawPdf + StreamingPdfWriter.addRawPages / addSheet) against pdf-lib's copy of the same labels: the
 * same pages, text and media boxes, read back by poppler (an independent reader) — and pdf-lib taking over, with the
 * same result, for files the raw reader does not read.
 *
 * The carrier sandbox, and the EasyPost and Shippo sandboxes (their KindEngine.pdf), all serve renderLabelPdf's
 * labels; they are made here for each carrier, and in the shapes other producers give: re-saved by pdf-lib after an
 * edit (the content wrapped in q/Q streams, an image added), with object streams and a cross-reference stream,
 * attributes inherited from the page tree, an incremental update, several pages.
 */

const address = (name: string) => ({
  name,
  company: 'Acme (Widgets) \\ Co',
  street1: '100 Market St',
  street2: null,
  city: 'San Francisco',
  state: 'CA',
  zip: '94105',
  country: 'US',
  phone: '415-555-0199',
  email: null,
});

function sandboxLabel(carrier: 'UPS' | 'USPS' | 'FEDEX', n: number): Promise<Uint8Array> {
  const label: LabelRecord = {
    labelId: `lbl_${n}`,
    status: 'created',
    trackingNumber:
      carrier === 'UPS' ? '1Z999AA10123456784' : carrier === 'USPS' ? '9400111899223197428490' : '794612345678',
    carrier,
    serviceCode: 'ground',
    serviceName: `${carrier} Ground`,
    template: null,
    priceCents: 1140,
    billedWeight: 3,
    billedWeightUnit: 'lbs',
    from: address('Ada Shipper'),
    to: address(`Recipient ${n}`),
    package: { weight: 3, weightUnit: 'lbs', length: 10, width: 8, height: 4, description: 'Books', valueCents: null },
    reference: `REF-${n}`,
    transitDays: 5,
    estimatedDelivery: '2026-12-01',
    createdAt: '2026-11-29T00:00:00.000Z',
    voidedAt: null,
  } as LabelRecord;
  return renderLabelPdf(label);
}

/** A label edited and saved again by pdf-lib: its content wrapped in q/Q streams, an image XObject added. */
async function edited(pdf: Uint8Array, useObjectStreams: boolean): Promise<Uint8Array> {
  const doc = await PDFDocument.load(pdf);
  const image = doc.context.stream(new Uint8Array(4096).fill(7), {
    Type: 'XObject',
    Subtype: 'Image',
    Width: 64,
    Height: 64,
    ColorSpace: 'DeviceGray',
    BitsPerComponent: 8,
  });
  doc.getPage(0).node.setXObject(PDFName.of('Pad'), doc.context.register(image));
  return doc.save({ useObjectStreams });
}

/** A label whose media box and resources are on the page tree node, inherited by the page. */
async function inherited(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const text of ['FIRST PAGE', 'SECOND PAGE']) doc.addPage([288, 432]).drawText(text, { x: 20, y: 400, font });
  const tree = doc.catalog.Pages();
  // One font dictionary for both pages (pdf-lib names a font differently on each page).
  const fonts = doc.getPages().map((page) => page.node.Resources()?.lookup(PDFName.of('Font'), PDFDict));
  for (const [key, value] of fonts[1]?.entries() ?? []) fonts[0]?.set(key, value);
  for (const key of ['MediaBox', 'Resources']) {
    tree.set(PDFName.of(key), doc.getPage(0).node.get(PDFName.of(key)) as never);
    for (const page of doc.getPages()) page.node.delete(PDFName.of(key));
  }
  return doc.save({ useObjectStreams: false });
}

/** An incremental update: the page's text object replaced by a newer one after the first file's end (a /Prev chain). */
async function updated(): Promise<Uint8Array> {
  const base = await sandboxLabel('UPS', 9);
  const text = new TextDecoder('latin1').decode(base);
  const startxref = Number(/startxref\s+(\d+)\s+%%EOF\s*$/.exec(text)?.[1]);
  const size = Number(/\/Size (\d+)/.exec(text.slice(startxref))?.[1]);
  const content = 'BT /F9 14 Tf 20 20 Td (UPDATED TEXT) Tj ET';
  const fontNum = size;
  const contentNum = size + 1;
  const pageNum = Number(/\/Kids \[ (\d+) 0 R \]/.exec(text)?.[1]);
  const page = /(\d+) 0 obj\n<<\n\/Type \/Page\n([\s\S]*?)>>\nendobj/.exec(
    text.slice(text.indexOf(`\n${pageNum} 0 obj`)),
  );
  if (!page?.[2]) throw new Error('page not found');
  const dict = page[2]
    .replace(/\/Contents \[ (\d+) 0 R \]/, `/Contents [ $1 0 R ${contentNum} 0 R ]`)
    .replace('/Font <<', `/Font <<\n/F9 ${fontNum} 0 R`);
  let tail = '\n';
  const at = () => base.length + tail.length;
  const offsets: Record<number, number> = {};
  offsets[fontNum] = at();
  tail += `${fontNum} 0 obj\n<< /Type /Font /Subtype /Type1 /BaseFont /Courier >>\nendobj\n`;
  offsets[contentNum] = at();
  tail += `${contentNum} 0 obj\n<< /Length ${content.length} >>\nstream\n${content}\nendstream\nendobj\n`;
  offsets[pageNum] = at();
  tail += `${pageNum} 0 obj\n<<\n/Type /Page\n${dict}>>\nendobj\n`;
  const xref = at();
  const entry = (n: number) => `${String(offsets[n]).padStart(10, '0')} 00000 n\r\n`;
  tail += `xref\n${pageNum} 1\n${entry(pageNum)}${fontNum} 2\n${entry(fontNum)}${entry(contentNum)}`;
  const root = /\/Root (\d+) 0 R/.exec(text.slice(startxref))?.[1];
  tail += `trailer\n<< /Size ${size + 2} /Root ${root} 0 R /Prev ${startxref} >>\nstartxref\n${xref}\n%%EOF\n`;
  const out = new Uint8Array(base.length + tail.length);
  out.set(base);
  out.set(
    Uint8Array.from(tail, (c) => c.charCodeAt(0)),
    base.length,
  );
  return out;
}

async function copied(sources: Uint8Array[], how: 'raw' | 'pdf-lib'): Promise<Uint8Array> {
  const mem = memorySink();
  const writer = new StreamingPdfWriter(mem.sink);
  for (const source of sources) {
    if (how === 'raw') await writer.addRawPages(new RawPdf(source));
    else await writer.addPages(await PDFDocument.load(source));
  }
  await writer.end({ title: 'T', producer: 'P' });
  return mem.bytes();
}

async function mediaBoxes(pdf: Uint8Array) {
  return (await PDFDocument.load(pdf)).getPages().map((page) => page.getMediaBox());
}

/** Page `page` rendered by poppler at 36 dpi, as PPM bytes. */
function rendered(pdf: Uint8Array, page: number): Buffer {
  const dir = mkdtempSync(join(tmpdir(), 'render-'));
  try {
    writeFileSync(join(dir, 'doc.pdf'), pdf);
    return execFileSync('pdftoppm', ['-r', '36', '-f', `${page}`, '-l', `${page}`, join(dir, 'doc.pdf')]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('raw PDF copy', () => {
  it('copies each source shape with the same pages, text and media boxes as pdf-lib', async () => {
    const shapes: Record<string, Uint8Array> = {
      'carrier UPS': await sandboxLabel('UPS', 1),
      'carrier USPS': await sandboxLabel('USPS', 2),
      'carrier FedEx': await sandboxLabel('FEDEX', 3),
      'edited by pdf-lib': await edited(await sandboxLabel('UPS', 4), false),
      'inherited attributes, two pages': await inherited(),
      'incremental update': await updated(),
    };
    for (const [shape, source] of Object.entries(shapes)) {
      const raw = await copied([source], 'raw');
      const lib = await copied([source], 'pdf-lib');
      expect(pdfInfo(raw).pages, shape).toBe(pdfInfo(lib).pages);
      expect(pdfText(raw), shape).toBe(pdfText(lib));
      expect(pdfText(raw), shape).toBe(pdfText(source));
      expect(await mediaBoxes(raw), shape).toEqual(await mediaBoxes(lib));
      const image = rendered(raw, 1);
      expect(image.length, shape).toBeGreaterThan(10_000);
      expect(image.equals(rendered(lib, 1)), shape).toBe(true);
    }
    expect(pdfText(shapes['incremental update'] as Uint8Array)).toContain('UPDATED TEXT');
    expect(pdfText(await copied([await inherited()], 'raw'))).toMatch(/FIRST PAGE[\s\S]*SECOND PAGE/);
  });

  it('leaves files it does not read to pdf-lib, and the combined document is the same', async () => {
    const compressed = await edited(await sandboxLabel('USPS', 5), true); // object streams + xref stream
    const broken = await sandboxLabel('FEDEX', 6);
    // An xref offset one byte off: pdf-lib repairs it, the raw reader refuses rather than guess.
    const brokenText = new TextDecoder('latin1').decode(broken);
    const xrefAt = brokenText.lastIndexOf('\nxref\n') + 1;
    const entryAt = brokenText.indexOf(' 00000 n', xrefAt) - 10;
    const wrong = String(Number(brokenText.slice(entryAt, entryAt + 10)) + 1).padStart(10, '0');
    broken.set(
      Uint8Array.from(wrong, (c) => c.charCodeAt(0)),
      entryAt,
    );
    for (const source of [compressed, broken]) expect(() => new RawPdf(source).pages()).toThrow(UnsupportedPdf);

    const plain = await sandboxLabel('UPS', 7);
    const sources = [plain, compressed, broken, plain];
    const merged = await mergePdfs(sources.length, async (i) => sources[i] as Uint8Array);
    const lib = await copied(sources, 'pdf-lib');
    expect(pdfInfo(merged).pages).toBe(4);
    expect(pdfText(merged)).toBe(pdfText(lib));
    expect(pdfText(merged)).toContain('Recipient 5'.toUpperCase());
    expect(await mediaBoxes(merged)).toEqual(await mediaBoxes(lib));
  });

  it('draws Letter 2-up sheets directly as pdf-lib draws them', async () => {
    const labels = [
      await sandboxLabel('UPS', 1),
      await edited(await sandboxLabel('USPS', 2), false),
      await sandboxLabel('FEDEX', 3),
    ];
    // The same labels saved with object streams go through pdf-lib's embedPdf + drawPage.
    const viaPdfLib = await Promise.all(
      labels.map(async (l) => (await PDFDocument.load(l)).save({ useObjectStreams: true })),
    );
    for (const label of viaPdfLib) expect(() => new RawPdf(label)).toThrow(UnsupportedPdf);
    const direct = await letterTwoUpPdf(labels.length, async (i) => labels[i] as Uint8Array);
    const drawn = await letterTwoUpPdf(viaPdfLib.length, async (i) => viaPdfLib[i] as Uint8Array);
    expect(pdfInfo(direct)).toEqual({ pages: 2, pageSize: { width: 612, height: 792 } });
    expect(pdfText(direct)).toBe(pdfText(drawn));
    for (const page of [1, 2]) expect(rendered(direct, page).equals(rendered(drawn, page))).toBe(true);
  });
});
