/**
 * Reads the structure of a PDF without pdf-lib, for copying its pages into a combined document as they are: the
 * cross-reference table, the trailer, the page tree, and each object's dictionary or array with the byte ranges of
 * everything else (numbers, names, strings, stream data), which are copied as raw bytes and never decoded. This is what
 * makes a combined document of 10,000 labels cheap: pdf-lib builds a class instance for every token and an interned
 * name table, and decodes object streams in JavaScript, costing ~1-2 ms a label; this costs a few dozen microseconds.
 *
 * It reads the common case and nothing else: a file whose cross-reference is a classic `xref` table (one, or a chain of
 * them through /Prev) and whose every object sits where the table says. Anything else — a cross-reference stream or
 * object streams (PDF 1.5 compression), encryption, a hybrid file, an offset that does not point at its object, a
 * stream whose /Length does not end at `endstream` — throws {@link UnsupportedPdf}, and the caller copies that label with
 * pdf-lib, which reads them all (and repairs broken files). Nothing is guessed.
 */

/** The file is not one this reader copies (see the module comment): use pdf-lib for it. */
export class UnsupportedPdf extends Error {
  constructor(reason: string) {
    super(`fast PDF copy not possible: ${reason}`);
    this.name = 'UnsupportedPdf';
  }
}

/** A PDF value: a reference, a dictionary, an array, or anything else as the bytes it is written with. */
export type PdfValue =
  | { t: 'ref'; num: number }
  | { t: 'dict'; entries: [key: string, value: PdfValue][] }
  | { t: 'array'; items: PdfValue[] }
  | { t: 'raw'; start: number; end: number };

/** An indirect object: its value and, for a stream, where its (still encoded) data lies in the file. */
export interface PdfObject {
  value: PdfValue;
  stream?: { start: number; end: number };
}

/** A page: its object number and the attributes it inherits from the page tree (resources, boxes, rotation). */
export interface RawPage {
  num: number;
  dict: Extract<PdfValue, { t: 'dict' }>;
  inherited: [key: string, value: PdfValue][];
}

const INHERITABLE = ['/Resources', '/MediaBox', '/CropBox', '/Rotate'];
const MAX_TREE_DEPTH = 32;

const isWhite = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0x0c || c === 0x00;
const isDelimiter = (c: number) =>
  c === 0x28 ||
  c === 0x29 ||
  c === 0x3c ||
  c === 0x3e ||
  c === 0x5b ||
  c === 0x5d ||
  c === 0x7b ||
  c === 0x7d ||
  c === 0x2f ||
  c === 0x25;
const isDigit = (c: number) => c >= 0x30 && c <= 0x39;

export function dictGet(dict: PdfValue, key: string): PdfValue | undefined {
  if (dict.t !== 'dict') return undefined;
  for (const [k, v] of dict.entries) if (k === key) return v;
  return undefined;
}

export class RawPdf {
  /** offsets[num] = where object num starts (0: not in use). */
  private readonly offsets: number[] = [];
  private readonly cache = new Map<number, PdfObject | null>();
  private readonly trailer: PdfValue;

  constructor(readonly bytes: Uint8Array) {
    const tail = latin1(bytes, Math.max(0, bytes.length - 1024), bytes.length);
    const at = tail.lastIndexOf('startxref');
    if (at < 0) throw new UnsupportedPdf('no startxref');
    const match = /^startxref\s+(\d+)/.exec(tail.slice(at));
    if (!match) throw new UnsupportedPdf('no startxref offset');
    let trailer: PdfValue | null = null;
    const seen = new Set<number>();
    for (let xref: number | null = Number(match[1]); xref !== null; ) {
      if (seen.has(xref) || seen.size > 16) throw new UnsupportedPdf('cross-reference chain loops');
      seen.add(xref);
      const section = this.readXrefTable(xref);
      trailer ??= section;
      if (dictGet(section, '/XRefStm')) throw new UnsupportedPdf('hybrid cross-reference');
      const prev = dictGet(section, '/Prev');
      xref = prev ? this.integer(prev) : null;
    }
    this.trailer = trailer as PdfValue;
    if (dictGet(this.trailer, '/Encrypt')) throw new UnsupportedPdf('encrypted');
  }

  /** The bytes of a raw value (a number, name, string, boolean or null) as written. */
  raw(value: Extract<PdfValue, { t: 'raw' }>): Uint8Array {
    return this.bytes.subarray(value.start, value.end);
  }

  /** A value that must be a (direct or indirect) non-negative integer. */
  integer(value: PdfValue): number {
    const v = this.resolve(value);
    const n = v?.t === 'raw' ? Number(latin1(this.bytes, v.start, v.end)) : Number.NaN;
    if (!Number.isInteger(n) || n < 0) throw new UnsupportedPdf('expected an integer');
    return n;
  }

  /** A value that must be a (direct or indirect) number. */
  number(value: PdfValue): number {
    const v = this.resolve(value);
    const n = v?.t === 'raw' ? Number(latin1(this.bytes, v.start, v.end)) : Number.NaN;
    if (!Number.isFinite(n)) throw new UnsupportedPdf('expected a number');
    return n;
  }

  /** The value itself, or the value of the object it refers to (null for a reference to nothing). */
  resolve(value: PdfValue): PdfValue | null {
    return value.t === 'ref' ? (this.object(value.num)?.value ?? null) : value;
  }

  /** Indirect object `num` (null when the file has no such object: a reference to it reads as null). */
  object(num: number): PdfObject | null {
    const cached = this.cache.get(num);
    if (cached !== undefined) return cached;
    const offset = this.offsets[num];
    let object: PdfObject | null = null;
    if (offset) {
      const lexer = new Lexer(this.bytes, offset);
      if (lexer.integer() !== num) throw new UnsupportedPdf(`object ${num} is not at its offset`);
      lexer.integer();
      lexer.keyword('obj');
      const value = lexer.value();
      object = { value };
      lexer.skipWhite();
      if (lexer.peekKeyword('stream')) {
        const length = dictGet(value, '/Length');
        if (value.t !== 'dict' || !length) throw new UnsupportedPdf('stream without length');
        lexer.pos += 6;
        // The data starts after the end of line that follows `stream` (CR LF or LF).
        if (this.bytes[lexer.pos] === 0x0d) lexer.pos++;
        if (this.bytes[lexer.pos] !== 0x0a) throw new UnsupportedPdf('stream keyword not followed by a line end');
        const start = lexer.pos + 1;
        const end = start + this.integer(length);
        if (end > this.bytes.length) throw new UnsupportedPdf('stream runs past the end of the file');
        lexer.pos = end;
        lexer.skipWhite();
        if (!lexer.peekKeyword('endstream')) throw new UnsupportedPdf(`stream ${num} length is wrong`);
        object.stream = { start, end };
      }
    }
    this.cache.set(num, object);
    return object;
  }

  /** The pages, in order, each with what it inherits from the page tree. */
  pages(): RawPage[] {
    const root = dictGet(this.trailer, '/Root');
    const catalog = root && this.resolve(root);
    const tree = catalog && dictGet(catalog, '/Pages');
    if (tree?.t !== 'ref') throw new UnsupportedPdf('no page tree');
    const out: RawPage[] = [];
    const visited = new Set<number>();
    const walk = (num: number, inherited: [string, PdfValue][], depth: number) => {
      if (visited.has(num) || depth > MAX_TREE_DEPTH) throw new UnsupportedPdf('page tree loops');
      visited.add(num);
      const node = this.object(num)?.value;
      if (node?.t !== 'dict') throw new UnsupportedPdf('page tree node is not a dictionary');
      const here = inherited.filter(([key]) => !dictGet(node, key));
      for (const [key, value] of node.entries) if (INHERITABLE.includes(key)) here.push([key, value]);
      const type = dictGet(node, '/Type');
      const kids = dictGet(node, '/Kids');
      const isPage = type?.t === 'raw' && latin1(this.bytes, type.start, type.end) === '/Page';
      if (isPage || !kids) {
        out.push({ num, dict: node, inherited: here.filter(([key]) => !dictGet(node, key)) });
        return;
      }
      const list = this.resolve(kids);
      if (list?.t !== 'array') throw new UnsupportedPdf('page tree kids are not an array');
      for (const kid of list.items) {
        if (kid.t !== 'ref') throw new UnsupportedPdf('page tree kid is not a reference');
        walk(kid.num, here, depth + 1);
      }
    };
    walk(tree.num, [], 0);
    return out;
  }

  /** One `xref` table (its entries fill the offsets not set by a newer one) and the trailer after it. */
  private readXrefTable(offset: number): PdfValue {
    const lexer = new Lexer(this.bytes, offset);
    if (!lexer.peekKeyword('xref')) throw new UnsupportedPdf('cross-reference stream');
    lexer.pos += 4;
    for (;;) {
      lexer.skipWhite();
      if (lexer.peekKeyword('trailer')) break;
      const first = lexer.integer();
      const count = lexer.integer();
      if (first + count > 8_000_000) throw new UnsupportedPdf('cross-reference too large');
      for (let i = 0; i < count; i++) {
        const entryOffset = lexer.integer();
        lexer.integer(); // generation
        lexer.skipWhite();
        const kind = this.bytes[lexer.pos++];
        if (kind !== 0x6e && kind !== 0x66) throw new UnsupportedPdf('bad cross-reference entry');
        const num = first + i;
        if (this.offsets[num] === undefined) this.offsets[num] = kind === 0x6e ? entryOffset : 0;
      }
    }
    lexer.pos += 7;
    return lexer.value();
  }
}

/** Text of bytes[start, end) as Latin-1 (PDF syntax is ASCII). */
function latin1(bytes: Uint8Array, start: number, end: number): string {
  let s = '';
  for (let i = start; i < end; i++) s += String.fromCharCode(bytes[i] as number);
  return s;
}

/** Reads PDF tokens and values from a position in the file. */
class Lexer {
  constructor(
    private readonly b: Uint8Array,
    public pos: number,
  ) {}

  skipWhite(): void {
    const b = this.b;
    for (;;) {
      const c = b[this.pos];
      if (c === undefined) return;
      if (isWhite(c)) this.pos++;
      else if (c === 0x25) while (this.pos < b.length && b[this.pos] !== 0x0a && b[this.pos] !== 0x0d) this.pos++;
      else return;
    }
  }

  /** Whether `word` is next, as a whole word. */
  peekKeyword(word: string): boolean {
    for (let i = 0; i < word.length; i++) if (this.b[this.pos + i] !== word.charCodeAt(i)) return false;
    const after = this.b[this.pos + word.length];
    return after === undefined || isWhite(after) || isDelimiter(after);
  }

  keyword(word: string): void {
    this.skipWhite();
    if (!this.peekKeyword(word)) throw new UnsupportedPdf(`expected ${word}`);
    this.pos += word.length;
  }

  /** A non-negative integer token. */
  integer(): number {
    this.skipWhite();
    const start = this.pos;
    let n = 0;
    while (isDigit(this.b[this.pos] ?? -1)) n = n * 10 + ((this.b[this.pos++] as number) - 0x30);
    if (this.pos === start) throw new UnsupportedPdf('expected an integer');
    return n;
  }

  value(): PdfValue {
    this.skipWhite();
    const b = this.b;
    const start = this.pos;
    const c = b[start];
    if (c === undefined) throw new UnsupportedPdf('unexpected end of file');
    if (c === 0x3c && b[start + 1] === 0x3c) {
      this.pos += 2;
      const entries: [string, PdfValue][] = [];
      for (;;) {
        this.skipWhite();
        if (b[this.pos] === 0x3e && b[this.pos + 1] === 0x3e) {
          this.pos += 2;
          return { t: 'dict', entries };
        }
        if (b[this.pos] !== 0x2f) throw new UnsupportedPdf('dictionary key is not a name');
        const key = this.value() as Extract<PdfValue, { t: 'raw' }>;
        entries.push([nameText(b, key.start, key.end), this.value()]);
      }
    }
    if (c === 0x5b) {
      this.pos++;
      const items: PdfValue[] = [];
      for (;;) {
        this.skipWhite();
        if (b[this.pos] === 0x5d) {
          this.pos++;
          return { t: 'array', items };
        }
        items.push(this.value());
      }
    }
    if (c === 0x28) {
      // A literal string: balanced parentheses, backslash escapes.
      let depth = 0;
      for (;;) {
        const d = b[this.pos++];
        if (d === undefined) throw new UnsupportedPdf('unterminated string');
        if (d === 0x5c) this.pos++;
        else if (d === 0x28) depth++;
        else if (d === 0x29 && --depth === 0) return { t: 'raw', start, end: this.pos };
      }
    }
    if (c === 0x3c) {
      const end = b.indexOf(0x3e, start);
      if (end < 0) throw new UnsupportedPdf('unterminated hex string');
      this.pos = end + 1;
      return { t: 'raw', start, end: this.pos };
    }
    if (c === 0x2f) {
      this.pos++;
      while (this.pos < b.length && !isWhite(b[this.pos] as number) && !isDelimiter(b[this.pos] as number)) this.pos++;
      return { t: 'raw', start, end: this.pos };
    }
    if (isDelimiter(c)) throw new UnsupportedPdf(`unexpected ${String.fromCharCode(c)}`);
    // A number, a reference (`num gen R`) or a keyword (true, false, null).
    while (this.pos < b.length && !isWhite(b[this.pos] as number) && !isDelimiter(b[this.pos] as number)) this.pos++;
    const end = this.pos;
    if (isDigit(c) && end - start <= 10 && allDigits(b, start, end)) {
      const after = this.pos;
      this.skipWhite();
      const genStart = this.pos;
      while (isDigit(b[this.pos] ?? -1)) this.pos++;
      if (this.pos > genStart) {
        this.skipWhite();
        if (this.peekKeyword('R')) {
          this.pos++;
          return { t: 'ref', num: Number(latin1(b, start, end)) };
        }
      }
      this.pos = after;
    }
    const word = latin1(b, start, end);
    if (!/^([+-]?(\d+\.?\d*|\.\d+)|true|false|null)$/.test(word)) throw new UnsupportedPdf(`unexpected ${word}`);
    return { t: 'raw', start, end };
  }
}

function allDigits(b: Uint8Array, start: number, end: number): boolean {
  for (let i = start; i < end; i++) if (!isDigit(b[i] as number)) return false;
  return true;
}

/** A name as its text (`/Type`), #xx escapes decoded, to compare keys with. */
function nameText(b: Uint8Array, start: number, end: number): string {
  const text = latin1(b, start, end);
  return text.includes('#')
    ? text.replace(/#([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
    : text;
}
