import {
  PDFArray,
  PDFDict,
  type PDFDocument,
  PDFHexString,
  PDFName,
  type PDFObject,
  PDFPageLeaf,
  PDFRef,
  PDFStream,
} from 'pdf-lib';
import { ByteBuilder } from './pdf-byte-builder';
import { type FormContent, formContent, rawCopier } from './pdf-raw-copier';
import type { RawPage, RawPdf } from './pdf-raw-reader';

/**
 * A PDF written front to back as pages arrive, so a document of any number of pages costs the memory of one page at a
 * time (plus 8 bytes an object for the cross-reference table and 4 a page for the page list). No maintained JavaScript
 * library writes PDFs as a stream from existing pages (pdf-lib's save builds the whole file in one buffer and keeps
 * every copied page until then; pdfkit streams but cannot import pages; muhammara/HummusJS can, as a native module that
 * Workers cannot load).
 *
 * Pages come in two ways: addRawPages copies a file read by RawPdf (pdf-raw-reader.ts: only its structure is parsed,
 * every object is copied as the bytes it is written with, references renumbered) — what nearly every label is, at a
 * few dozen microseconds a label; addPages copies from a document pdf-lib parsed (any file pdf-lib reads, ~1-2 ms a
 * label), for the files RawPdf leaves to it. addSheet draws label pages as form XObjects on a page of its own
 * (Letter 2-up).
 *
 * The file is: the header; then, for each page added, the page dictionary and every object it reaches (its content
 * streams, resources, fonts, images), renumbered into this document and written out at once; at the end the page tree
 * (object 2, one node listing every page), the catalog (1), the document information (3), the cross-reference table and
 * the trailer. Objects are written uncompressed as they are (streams keep their filters), generation 0.
 */

/**
 * Where the document's bytes go. A chunk is only valid until the returned promise resolves (the writer reuses its
 * buffer): a sink that keeps bytes must copy them.
 */
export type ByteSink = (chunk: Uint8Array) => Promise<void>;

const CATALOG = 1;
const PAGES = 2;
const INFO = 3;
const FIRST_FREE = 4;
/** The header, with the binary comment line that tells transfer programs the file is binary. */
const HEADER = Uint8Array.of(...Array.from('%PDF-1.7\n', (c) => c.charCodeAt(0)), 0x25, 0xe2, 0xe3, 0xcf, 0xd3, 0x0a);
/** Cross-reference entries written per chunk at the end. */
const XREF_CHUNK = 4096;

/** A number as PDF content writes it (no exponent; at most 4 decimals). */
const num = (n: number): string => String(Number(n.toFixed(4)));

/** A label page placed on a sheet: drawn from (x, y), scaled to width × height (PDF points). */
export interface Placement {
  pdf: RawPdf;
  page: RawPage;
  x: number;
  y: number;
  width: number;
  height: number;
}

export class StreamingPdfWriter {
  /** Where the next byte goes (the header is written before the first page). */
  private position = HEADER.length;
  private nextObject = FIRST_FREE;
  /** offsets[n] = where object n starts (n ≥ 1). */
  private offsets = new Float64Array(1024);
  private kids = new Uint32Array(256);
  private pageCount = 0;
  private started = false;
  /** What is being written: one page (or sheet) with its objects at a time, handed to the sink in one chunk. */
  private readonly out = new ByteBuilder();

  /** What the raw copier writes objects through. */
  private readonly objects = {
    out: this.out,
    allocate: () => this.nextObject++,
    startObject: (n: number) => this.startObject(n),
  };

  constructor(private readonly sink: ByteSink) {}

  /** Pages written so far. */
  get pages(): number {
    return this.pageCount;
  }

  /** Hands what was written to the sink (the builder's buffer is reused once the sink is done with it). */
  private async flush(): Promise<void> {
    if (!this.started) {
      this.started = true;
      await this.sink(HEADER);
    }
    const chunk = this.out.view();
    this.position += chunk.length;
    await this.sink(chunk);
    this.out.length = 0;
  }

  private startObject(n: number): void {
    if (n >= this.offsets.length) {
      const next = new Float64Array(Math.max(n + 1, this.offsets.length * 2));
      next.set(this.offsets);
      this.offsets = next;
    }
    this.offsets[n] = this.position + this.out.length;
    this.out.ascii(`${n} 0 obj\n`);
  }

  private addKid(objectNumber: number): void {
    if (this.pageCount === this.kids.length) {
      const next = new Uint32Array(this.kids.length * 2);
      next.set(this.kids);
      this.kids = next;
    }
    this.kids[this.pageCount++] = objectNumber;
  }

  /**
   * Runs `write` (which writes whole objects into `out`); if it finds the source is one the raw reader does not copy
   * (UnsupportedPdf, possibly halfway), forgets everything it wrote and numbered, and rethrows.
   */
  private transaction(write: () => void): void {
    const mark = { length: this.out.length, nextObject: this.nextObject, pageCount: this.pageCount };
    try {
      write();
    } catch (err) {
      this.out.length = mark.length;
      this.nextObject = mark.nextObject;
      this.pageCount = mark.pageCount;
      throw err;
    }
  }

  /**
   * Writes pages of `doc` (all of them by default, in order) and everything they reach, then lets go of them: nothing of
   * `doc` is kept. Inherited page attributes (resources, media box, crop box, rotation) are written on the page itself.
   */
  async addPages(doc: PDFDocument, indices: number[] = doc.getPageIndices()): Promise<void> {
    const context = doc.context;
    const numbers = new Map<PDFRef, number>();
    const queue: PDFRef[] = [];
    const numberOf = (ref: PDFRef): number => {
      let n = numbers.get(ref);
      if (n === undefined) {
        n = this.nextObject++;
        numbers.set(ref, n);
        queue.push(ref);
      }
      return n;
    };
    const out = this.out;
    const write = (object: PDFObject): void => {
      if (object instanceof PDFRef) {
        out.ascii(`${numberOf(object)} 0 R`);
      } else if (object instanceof PDFDict) {
        out.ascii('<<');
        for (const [key, value] of object.entries()) {
          out.simple(key);
          out.ascii(' ');
          write(value);
          out.ascii('\n');
        }
        out.ascii('>>');
      } else if (object instanceof PDFArray) {
        out.ascii('[');
        const items = object.asArray();
        for (let i = 0; i < items.length; i++) {
          if (i > 0) out.ascii(' ');
          write(items[i] as PDFObject);
        }
        out.ascii(']');
      } else if (object instanceof PDFStream) {
        object.updateDict(); // Length: the contents' real size, direct
        write(object.dict);
        out.ascii('\nstream\n');
        out.bytes(object.getContents());
        out.ascii('\nendstream');
      } else {
        out.simple(object);
      }
    };

    // Every page written keeps a number of its own, given first, so a reference from one to another (an annotation's
    // /P, a link) points at the page as written here rather than copying it as a plain object.
    const parent = PDFName.of('Parent');
    const pages = indices.map((index) => {
      const page = doc.getPage(index);
      const n = this.nextObject++;
      numbers.set(page.ref, n);
      return { leaf: page.node, n };
    });
    for (const { leaf, n } of pages) {
      this.startObject(n);
      out.ascii('<<');
      const entry = (key: PDFName, value: PDFObject) => {
        out.simple(key);
        out.ascii(' ');
        write(value);
        out.ascii('\n');
      };
      for (const [key, value] of leaf.entries()) if (key !== parent) entry(key, value);
      for (const name of PDFPageLeaf.InheritableEntries) {
        const key = PDFName.of(name);
        if (leaf.has(key)) continue;
        const inherited = leaf.getInheritableAttribute(key);
        if (inherited) entry(key, inherited);
      }
      out.ascii(`/Parent ${PAGES} 0 R>>\nendobj\n`);
      this.addKid(n);
      // Objects are numbered in the order they are first met and written in that order (first in, first out).
      for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
        this.startObject(numbers.get(next) as number);
        const object = context.lookup(next);
        if (object) write(object);
        else out.ascii('null'); // a reference to nothing reads as null
        out.ascii('\nendobj\n');
      }
    }
    await this.flush();
  }

  /**
   * The same as addPages for a file read by RawPdf, without parsing anything but its structure: every object the pages
   * reach is copied as written (stream data as the encoded bytes, strings and numbers byte for byte), its references
   * renumbered. Throws UnsupportedPdf (having written nothing) when the source turns out to be one RawPdf does not read:
   * copy it with addPages and pdf-lib then.
   */
  async addRawPages(pdf: RawPdf, indices?: number[]): Promise<void> {
    const all = pdf.pages();
    const pages = indices ? indices.map((i) => all[i] as RawPage) : all;
    this.transaction(() => {
      const copy = rawCopier(pdf, this.objects);
      // Pages are numbered first (see addPages).
      const numbered = pages.map((page) => ({ page, n: copy.number(page.num) }));
      for (const { page, n } of numbered) {
        this.startObject(n);
        this.out.ascii('<<');
        for (const [key, value] of page.dict.entries) if (key !== '/Parent') copy.entry(key, value);
        for (const [key, value] of page.inherited) copy.entry(key, value);
        this.out.ascii(`/Parent ${PAGES} 0 R>>\nendobj\n`);
        this.addKid(n);
        copy.drain();
      }
    });
    await this.flush();
  }

  /**
   * A page of `size` drawing each placement's label page as a form XObject at its place (the page's content stream as
   * the form's, still encoded, its resources copied along), then `ops` (PDF content operators, e.g. crop marks). Throws
   * UnsupportedPdf, having written nothing, for a label page the form cannot be made from this way (contents in several
   * streams, a rotated page): draw that sheet with pdf-lib then.
   */
  async addSheet(size: { width: number; height: number }, placements: Placement[], ops: string): Promise<void> {
    // Everything that can find the source unsupported is read before anything is written.
    const forms = placements.map((p) => formContent(p.pdf, p.page));
    let content = '';
    const names: string[] = [];
    this.transaction(() => {
      for (const [i, { pdf, x, y, width, height }] of placements.entries()) {
        const form = forms[i] as FormContent;
        const [x0, y0, x1, y1] = form.box;
        const copy = rawCopier(pdf, this.objects);
        const n = this.nextObject++;
        this.startObject(n);
        this.out.ascii(`<</Type /XObject /Subtype /Form /FormType 1 /BBox [${x0} ${y0} ${x1} ${y1}]\n`);
        if (form.resources) copy.entry('/Resources', form.resources);
        for (const [key, value] of form.streamEntries) copy.entry(key, value);
        copy.streamData(form.data);
        copy.drain();
        names.push(`/L${i} ${n} 0 R`);
        // Scaled to the slot, the box's lower left corner at (x, y).
        const sx = width / (x1 - x0);
        const sy = height / (y1 - y0);
        content += `q ${num(sx)} 0 0 ${num(sy)} ${num(x - x0 * sx)} ${num(y - y0 * sy)} cm /L${i} Do Q\n`;
      }
      content += ops;
      const contentRef = this.nextObject++;
      this.startObject(contentRef);
      this.out.ascii(`<</Length ${content.length}>>\nstream\n${content}\nendstream\nendobj\n`);
      const n = this.nextObject++;
      this.startObject(n);
      this.out.ascii(`<</Type /Page\n/MediaBox [0 0 ${size.width} ${size.height}] /Resources <</XObject <<`);
      this.out.ascii(`${names.join(' ')}>>>> /Contents ${contentRef} 0 R /Parent ${PAGES} 0 R>>\nendobj\n`);
      this.addKid(n);
    });
    await this.flush();
  }

  /** Writes the page tree, catalog, document information, cross-reference table and trailer. */
  async end(info: { title: string; producer: string }): Promise<void> {
    const out = this.out;
    this.startObject(PAGES);
    out.ascii('<< /Type /Pages /Kids [');
    for (let i = 0; i < this.pageCount; i++) out.ascii(`${i > 0 ? ' ' : ''}${this.kids[i]} 0 R`);
    out.ascii(`] /Count ${this.pageCount} >>\nendobj\n`);
    this.startObject(CATALOG);
    out.ascii(`<< /Type /Catalog /Pages ${PAGES} 0 R >>\nendobj\n`);
    this.startObject(INFO);
    out.ascii(`<< /Title ${PDFHexString.fromText(info.title).toString()}`);
    out.ascii(` /Producer ${PDFHexString.fromText(info.producer).toString()} >>\nendobj\n`);
    await this.flush();

    const xrefOffset = this.position;
    const size = this.nextObject;
    out.ascii(`xref\n0 ${size}\n0000000000 65535 f\r\n`);
    for (let n = 1; n < size; n++) {
      out.ascii(`${String(this.offsets[n]).padStart(10, '0')} 00000 n\r\n`);
      if (n % XREF_CHUNK === 0) await this.flush();
    }
    out.ascii(`trailer\n<< /Size ${size} /Root ${CATALOG} 0 R /Info ${INFO} 0 R >>\nstartxref\n${xrefOffset}\n%%EOF\n`);
    await this.flush();
  }
}

/** Collects a written document in memory (small documents, tests). */
export function memorySink(): { sink: ByteSink; bytes: () => Uint8Array } {
  const chunks: Uint8Array[] = [];
  return {
    sink: async (chunk) => {
      chunks.push(chunk.slice()); // the writer reuses its buffer
    },
    bytes: () => {
      const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
      let at = 0;
      for (const c of chunks) {
        out.set(c, at);
        at += c.length;
      }
      return out;
    },
  };
}
