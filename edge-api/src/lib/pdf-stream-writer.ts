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

/**
 * A PDF written front to back as pages arrive, so a document of any number of pages costs the memory of one page at a
 * time (plus 8 bytes an object for the cross-reference table and 4 a page for the page list). pdf-lib parses each
 * source and gives us its objects (and serialises the simple ones: names, numbers, strings); it cannot write a
 * document incrementally (PDFDocument.save builds the whole file in one buffer, and every copied page stays in the
 * document's context until then), and no maintained JavaScript library writes PDFs as a stream from existing pages
 * (pdfkit streams but cannot import pages; muhammara/HummusJS can, as a native module that Workers cannot load).
 *
 * The file is: the header; then, for each page added, the page dictionary and every object it reaches (its content
 * streams, resources, fonts, images), renumbered into this document and written out at once; at the end the page tree
 * (object 2, one node listing every page), the catalog (1), the document information (3), the cross-reference table and
 * the trailer. Objects are written uncompressed as they are (streams keep their filters), generation 0.
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

/** A growable byte buffer that PDF text (ASCII) and raw bytes are appended to. */
class ByteBuilder {
  private buf = new Uint8Array(64 * 1024);
  length = 0;

  private ensure(extra: number): void {
    if (this.length + extra <= this.buf.length) return;
    let size = this.buf.length * 2;
    while (size < this.length + extra) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.buf.subarray(0, this.length));
    this.buf = next;
  }

  ascii(text: string): void {
    this.ensure(text.length);
    for (let i = 0; i < text.length; i++) this.buf[this.length++] = text.charCodeAt(i);
  }

  bytes(bytes: Uint8Array): void {
    this.ensure(bytes.length);
    this.buf.set(bytes, this.length);
    this.length += bytes.length;
  }

  /** A name, number, string, boolean or null, as pdf-lib serialises it. */
  simple(object: PDFObject): void {
    this.ensure(object.sizeInBytes());
    this.length += object.copyBytesInto(this.buf, this.length);
  }

  /** The bytes so far (a copy sized to fit), and empties the builder. */
  take(): Uint8Array {
    const out = this.buf.slice(0, this.length);
    this.length = 0;
    return out;
  }
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

  constructor(private readonly sink: ByteSink) {}

  /** Pages written so far. */
  get pages(): number {
    return this.pageCount;
  }

  private async emit(chunk: Uint8Array): Promise<void> {
    if (!this.started) {
      this.started = true;
      await this.sink(HEADER);
    }
    this.position += chunk.length;
    await this.sink(chunk);
  }

  private setOffset(objectNumber: number, offset: number): void {
    if (objectNumber >= this.offsets.length) {
      const next = new Float64Array(Math.max(objectNumber + 1, this.offsets.length * 2));
      next.set(this.offsets);
      this.offsets = next;
    }
    this.offsets[objectNumber] = offset;
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
    const out = new ByteBuilder();
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
    const startObject = (n: number) => {
      this.setOffset(n, this.position + out.length);
      out.ascii(`${n} 0 obj\n`);
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
      startObject(n);
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
        startObject(numbers.get(next) as number);
        const object = context.lookup(next);
        if (object) write(object);
        else out.ascii('null'); // a reference to nothing reads as null
        out.ascii('\nendobj\n');
      }
    }
    await this.emit(out.take());
  }

  /** Writes the page tree, catalog, document information, cross-reference table and trailer. */
  async end(info: { title: string; producer: string }): Promise<void> {
    const out = new ByteBuilder();
    const start = (n: number) => {
      this.setOffset(n, this.position + out.length);
      out.ascii(`${n} 0 obj\n`);
    };
    start(PAGES);
    out.ascii('<< /Type /Pages /Kids [');
    for (let i = 0; i < this.pageCount; i++) out.ascii(`${i > 0 ? ' ' : ''}${this.kids[i]} 0 R`);
    out.ascii(`] /Count ${this.pageCount} >>\nendobj\n`);
    start(CATALOG);
    out.ascii(`<< /Type /Catalog /Pages ${PAGES} 0 R >>\nendobj\n`);
    start(INFO);
    out.ascii(`<< /Title ${PDFHexString.fromText(info.title).toString()}`);
    out.ascii(` /Producer ${PDFHexString.fromText(info.producer).toString()} >>\nendobj\n`);
    await this.emit(out.take());

    const xrefOffset = this.position;
    const size = this.nextObject;
    out.ascii(`xref\n0 ${size}\n0000000000 65535 f\r\n`);
    for (let n = 1; n < size; n++) {
      out.ascii(`${String(this.offsets[n]).padStart(10, '0')} 00000 n\r\n`);
      if (n % XREF_CHUNK === 0) await this.emit(out.take());
    }
    out.ascii(`trailer\n<< /Size ${size} /Root ${CATALOG} 0 R /Info ${INFO} 0 R >>\nstartxref\n${xrefOffset}\n%%EOF\n`);
    await this.emit(out.take());
  }
}

/** Collects a written document in memory (small documents, tests). */
export function memorySink(): { sink: ByteSink; bytes: () => Uint8Array } {
  const chunks: Uint8Array[] = [];
  return {
    sink: async (chunk) => {
      chunks.push(chunk);
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
