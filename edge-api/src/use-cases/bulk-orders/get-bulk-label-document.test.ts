import { describe, expect, it } from 'vitest';
import { bulkLabelFileName, trimmed } from './get-bulk-label-document';

const bytes = (...parts: (string | number[])[]) =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));

describe('a bulk order’s ZPL document, one label after the other', () => {
  it('takes each label’s ZPL without the white space and byte order mark around it, its own bytes untouched', () => {
    // A provider's file may start with a UTF-8 BOM and end with CR LF; a label in another code page (^CI27) keeps
    // its bytes as they are (0xE9 is é in Windows-1252, not valid UTF-8 alone): nothing is decoded.
    const label = bytes([0xef, 0xbb, 0xbf], ' \r\n^XA^CI27^FDCaf', [0xe9], '^FS\n^XZ', '\r\n \t');
    expect(Array.from(trimmed(label))).toEqual(Array.from(bytes('^XA^CI27^FDCaf', [0xe9], '^FS\n^XZ')));
    expect(Array.from(trimmed(bytes('^XA^XZ')))).toEqual(Array.from(bytes('^XA^XZ')));
    expect(trimmed(bytes(' \n\t'))).toHaveLength(0);
    expect(trimmed(bytes([0xef, 0xbb, 0xbf]))).toHaveLength(0);
  });

  it('names the files like the SPEC’s bulk-labels-<id>.pdf', () => {
    expect(bulkLabelFileName('blk_01J', 'pdf')).toBe('bulk-labels-blk_01J.pdf');
    expect(bulkLabelFileName('blk_01J', 'zpl')).toBe('bulk-labels-blk_01J.zpl');
    expect(bulkLabelFileName('blk_01J', 'letter-2up')).toBe('bulk-labels-blk_01J-letter.pdf');
    // Nothing but [A-Za-z0-9_-] reaches the Content-Disposition header.
    expect(bulkLabelFileName('blk_"x/y', 'zpl')).toBe('bulk-labels-blk__x_y.zpl');
  });
});
