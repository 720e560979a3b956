import type { PDFObject } from 'pdf-lib';

/** A growable byte buffer that PDF text (ASCII) and raw bytes are appended to. */
export class ByteBuilder {
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

  /** A name given as its text (`/Type`): characters a name cannot hold as they are written as #xx. */
  name(text: string): void {
    this.ensure(text.length * 3);
    this.buf[this.length++] = 0x2f;
    for (let i = 1; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c > 0x20 && c < 0x7f && !'#()<>[]{}/%'.includes(text[i] as string)) this.buf[this.length++] = c;
      else this.ascii(`#${c.toString(16).padStart(2, '0')}`);
    }
  }

  /** A name, number, string, boolean or null, as pdf-lib serialises it. */
  simple(object: PDFObject): void {
    this.ensure(object.sizeInBytes());
    this.length += object.copyBytesInto(this.buf, this.length);
  }

  /** The bytes so far (a view of the builder's buffer: valid until the next write). */
  view(): Uint8Array {
    return this.buf.subarray(0, this.length);
  }
}
