import { unzlibSync } from 'fflate';
import type { ByteBuilder } from './pdf-byte-builder';
import { dictGet, type PdfValue, type RawPage, type RawPdf, UnsupportedPdf } from './pdf-raw-reader';

/** Where copied objects go: the document's byte builder, its object numbering, and where each object starts. */
export interface ObjectWriter {
  out: ByteBuilder;
  /** The next free object number. */
  allocate(): number;
  /** Records that object n starts here and writes `n 0 obj`. */
  startObject(n: number): void;
}

/**
 * Copies values of `pdf` into `out` with their references renumbered into this document: each object referred to is
 * given the next number when first met, and written (with everything it refers to) by `drain`.
 */
export function rawCopier(pdf: RawPdf, objects: ObjectWriter) {
  const out = objects.out;
  const numbers = new Map<number, number>();
  const queue: number[] = [];
  const number = (num: number): number => {
    let n = numbers.get(num);
    if (n === undefined) {
      n = objects.allocate();
      numbers.set(num, n);
      queue.push(num);
    }
    return n;
  };
  const value = (v: PdfValue): void => {
    if (v.t === 'raw') out.bytes(pdf.raw(v));
    else if (v.t === 'ref') {
      if (pdf.object(v.num)) out.ascii(`${number(v.num)} 0 R`);
      else out.ascii('null'); // a reference to nothing reads as null
    } else if (v.t === 'array') {
      out.ascii('[');
      for (let i = 0; i < v.items.length; i++) {
        if (i > 0) out.ascii(' ');
        value(v.items[i] as PdfValue);
      }
      out.ascii(']');
    } else {
      out.ascii('<<');
      for (const [key, item] of v.entries) entry(key, item);
      out.ascii('>>');
    }
  };
  const entry = (key: string, item: PdfValue): void => {
    out.name(key);
    out.ascii(' ');
    value(item);
    out.ascii('\n');
  };
  /** The end of a stream's dictionary (its Length) and its data, as encoded in the source. */
  const streamData = (data: Uint8Array): void => {
    out.ascii(`/Length ${data.length}>>\nstream\n`);
    out.bytes(data);
    out.ascii('\nendstream\nendobj\n');
  };
  const drain = (): void => {
    for (let i = 0; i < queue.length; i++) {
      const num = queue[i] as number;
      const object = pdf.object(num) as NonNullable<ReturnType<RawPdf['object']>>;
      objects.startObject(numbers.get(num) as number);
      if (object.stream && object.value.t === 'dict') {
        out.ascii('<<');
        for (const [key, item] of object.value.entries) if (key !== '/Length') entry(key, item);
        streamData(pdf.bytes.subarray(object.stream.start, object.stream.end));
      } else {
        value(object.value);
        out.ascii('\nendobj\n');
      }
    }
    queue.length = 0;
  };
  return {
    /** The number object `num` has here (given now if it has none yet, and queued to be written). */
    number: (num: number): number => {
      const n = number(num);
      const queued = queue.indexOf(num);
      if (queued >= 0) queue.splice(queued, 1); // written by the caller itself
      return n;
    },
    entry,
    streamData,
    drain,
  };
}

/** What a label page becomes as a form XObject: its media box, resources, and its content as one stream. */
export interface FormContent {
  box: [x0: number, y0: number, x1: number, y1: number];
  resources: PdfValue | undefined;
  /** Entries of the content stream's dictionary to copy (its /Filter, /DecodeParms), /Length left out. */
  streamEntries: [string, PdfValue][];
  /** The stream data: as written in the source (still encoded), or ours (decoded and joined: streamEntries empty). */
  data: Uint8Array;
}

interface ContentStream {
  entries: [string, PdfValue][];
  data: Uint8Array;
  /** FlateDecode (true), no filter (false), or another filter, or FlateDecode with parameters (null: not decoded here). */
  flate: boolean | null;
}

/**
 * The content of `page` for a form XObject (a rotated page throws UnsupportedPdf: pdf-lib places it then).
 * - One content stream: kept as it is, still encoded.
 * - Several, all but one only saving (`q`, before it) or only restoring (`Q`, after it) the graphics state, as many
 *   of each — pdf-lib, for one, wraps a page it has edited in a `q` and a `Q` stream of its own: that one stream, kept
 *   as it is. A form XObject is drawn inside a saved graphics state anyway, so the wrapping changes nothing for a
 *   content stream whose `q` and `Q` are balanced, as the PDF specification requires them to be.
 * - Otherwise: every stream decoded (no filter or FlateDecode alone, else UnsupportedPdf) and joined with a line end
 *   between them (the streams of a page are one content stream split in pieces), written uncompressed.
 */
export function formContent(pdf: RawPdf, page: RawPage): FormContent {
  const attr = (key: string) => dictGet(page.dict, key) ?? page.inherited.find(([k]) => k === key)?.[1];
  const rotate = attr('/Rotate');
  if (rotate && pdf.number(rotate) % 360 !== 0) throw new UnsupportedPdf('rotated page');
  const mediaBox = attr('/MediaBox');
  const box = mediaBox && pdf.resolve(mediaBox);
  const [x0, y0, x1, y1] = box?.t === 'array' && box.items.length === 4 ? box.items.map((v) => pdf.number(v)) : [];
  if (x0 === undefined || y0 === undefined || x1 === undefined || y1 === undefined || x1 <= x0 || y1 <= y0) {
    throw new UnsupportedPdf('page without a media box');
  }
  const contents = attr('/Contents');
  const resolved = contents && pdf.resolve(contents);
  const refs = resolved?.t === 'array' ? resolved.items : contents ? [contents] : [];
  const streams = refs.map((ref): ContentStream => {
    const object = ref.t === 'ref' ? pdf.object(ref.num) : null;
    if (!object?.stream || object.value.t !== 'dict') throw new UnsupportedPdf('page content is not a stream');
    const entries = object.value.entries.filter(([key]) => key !== '/Length');
    const filter = dictGet(object.value, '/Filter');
    const resolvedFilter = filter && pdf.resolve(filter);
    const name =
      resolvedFilter?.t === 'array' && resolvedFilter.items.length === 1 ? resolvedFilter.items[0] : resolvedFilter;
    const filterName = name?.t === 'raw' ? String.fromCharCode(...pdf.raw(name)) : name ? '?' : null;
    const supported = filterName === null || (filterName === '/FlateDecode' && !dictGet(object.value, '/DecodeParms'));
    return {
      entries,
      data: pdf.bytes.subarray(object.stream.start, object.stream.end),
      flate: supported ? filterName !== null : null,
    };
  });
  const base = { box: [x0, y0, x1, y1] as FormContent['box'], resources: attr('/Resources') };
  const main = wrappedStream(streams);
  if (main) return { ...base, streamEntries: main.entries, data: main.data };
  const pieces: Uint8Array[] = [];
  for (const stream of streams) {
    if (stream.flate === null) throw new UnsupportedPdf('content stream filter');
    pieces.push(stream.flate ? inflate(stream.data) : stream.data, NEWLINE);
  }
  return { ...base, streamEntries: [], data: concat(pieces) };
}

/** Streams of at most this many (encoded) bytes are looked at for being only `q` or only `Q`. */
const SMALL_STREAM = 64;
/** Decoded small streams by their encoded bytes (pdf-lib's `q` and `Q` streams are the same bytes in every label). */
const smallStreams = new Map<string, string | null>();

/** The text of a small stream (null: larger, or not decodable here). */
function smallText(stream: ContentStream): string | null {
  if (stream.data.length > SMALL_STREAM || stream.flate === null) return null;
  const key = `${stream.flate ? 'f' : 'r'}${String.fromCharCode(...stream.data)}`;
  let text = smallStreams.get(key);
  if (text === undefined) {
    try {
      text = String.fromCharCode(...(stream.flate ? unzlibSync(stream.data) : stream.data));
    } catch {
      text = null;
    }
    if (smallStreams.size >= 256) smallStreams.clear();
    smallStreams.set(key, text);
  }
  return text;
}

/** The one stream that is the page's content when the others only wrap it in `q` … `Q` (see formContent), else null. */
function wrappedStream(streams: ContentStream[]): ContentStream | null {
  if (streams.length === 1) return streams[0] as ContentStream;
  let main = -1;
  let saves = 0;
  let restores = 0;
  for (const [i, stream] of streams.entries()) {
    const ops = smallText(stream)?.split(/\s+/).filter(Boolean);
    const only = (op: string) => ops?.every((o) => o === op);
    if (main < 0 && only('q')) saves += ops?.length ?? 0;
    else if (main >= 0 && only('Q')) restores += ops?.length ?? 0;
    else if (main < 0) main = i;
    else return null;
  }
  return main >= 0 && saves === restores ? (streams[main] as ContentStream) : null;
}

const NEWLINE = Uint8Array.of(0x0a);

function concat(pieces: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(pieces.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of pieces) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** A FlateDecode stream's data decoded (zlib format); a corrupt one is UnsupportedPdf (pdf-lib tolerates some). */
function inflate(data: Uint8Array): Uint8Array {
  try {
    return unzlibSync(data);
  } catch {
    throw new UnsupportedPdf('content stream does not decompress');
  }
}
