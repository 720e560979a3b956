import { PDFDocument, PDFName, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { type ByteSink, memorySink, StreamingPdfWriter } from './pdf-stream-writer';

/** A document of one page per width (432 pt tall), each page saying its width in Helvetica. */
async function source(...widths: number[]): Promise<PDFDocument> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const width of widths) doc.addPage([width, 432]).drawText(`PAGE ${width}`, { x: 10, y: 400, size: 12, font });
  // Saved and parsed again, as a label read from the blob store is.
  return PDFDocument.load(await doc.save());
}

const latin1 = (bytes: Uint8Array) => Array.from(bytes, (b) => String.fromCharCode(b)).join('');

describe('StreamingPdfWriter', () => {
  it('writes the pages of several documents, in order, as one PDF a reader opens', async () => {
    const mem = memorySink();
    const writer = new StreamingPdfWriter(mem.sink);
    await writer.addPages(await source(300, 301));
    await writer.addPages(await source(302));
    await writer.addPages(await source(303, 304, 305), [2, 0]);
    await writer.end({ title: 'Shipping labels', producer: 'LabelDesk' });
    expect(writer.pages).toBe(5);

    const out = await PDFDocument.load(mem.bytes(), { updateMetadata: false });
    expect(out.getPages().map((p) => p.getWidth())).toEqual([300, 301, 302, 305, 303]);
    expect(out.getTitle()).toBe('Shipping labels');
    expect(out.getProducer()).toBe('LabelDesk');
    // Each page brought its own content stream and font along.
    const text = latin1(mem.bytes());
    expect(text.match(/\/Type \/Page\n/g)?.length).toBe(5);
    expect(text.match(/\/BaseFont \/Helvetica/g)?.length).toBe(3);
  });

  it('writes a cross-reference table whose every offset points at its object', async () => {
    const mem = memorySink();
    const writer = new StreamingPdfWriter(mem.sink);
    for (let i = 0; i < 3; i++) await writer.addPages(await source(288 + i));
    await writer.end({ title: 'T', producer: 'P' });
    const text = latin1(mem.bytes());
    const xrefAt = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)?.[1]);
    expect(text.slice(xrefAt, xrefAt + 5)).toBe('xref\n');
    const [, size] = /^xref\n0 (\d+)\n/.exec(text.slice(xrefAt)) ?? [];
    const entries = text.slice(xrefAt).split('\r\n').slice(1, Number(size));
    expect(entries).toHaveLength(Number(size) - 1);
    entries.forEach((entry, i) => {
      const offset = Number(entry.slice(0, 10));
      expect(text.slice(offset, offset + `${i + 1} 0 obj`.length)).toBe(`${i + 1} 0 obj`);
    });
  });

  it('hands the sink one chunk per addPages call, so nothing of a source is kept for the end', async () => {
    const chunks: number[] = [];
    const sink: ByteSink = async (chunk) => {
      chunks.push(chunk.length);
    };
    const writer = new StreamingPdfWriter(sink);
    await writer.addPages(await source(288));
    expect(chunks).toHaveLength(2); // the header, then the page with its objects
    await writer.addPages(await source(289));
    expect(chunks).toHaveLength(3);
  });

  it('writes inherited attributes on the page and leaves the source page tree behind', async () => {
    const doc = await source(288);
    const page = doc.getPage(0);
    // Move the media box up to the page tree node, where a page inherits it from.
    const box = page.node.get(PDFName.of('MediaBox'));
    page.node.delete(PDFName.of('MediaBox'));
    doc.catalog.Pages().set(PDFName.of('MediaBox'), box as never);
    const mem = memorySink();
    const writer = new StreamingPdfWriter(mem.sink);
    await writer.addPages(doc);
    await writer.end({ title: 'T', producer: 'P' });
    const out = await PDFDocument.load(mem.bytes());
    expect(out.getPage(0).getWidth()).toBe(288);
    expect(latin1(mem.bytes()).match(/\/Type \/Pages/g)?.length).toBe(1);
  });
});
