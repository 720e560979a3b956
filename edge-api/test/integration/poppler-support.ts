import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Runs a poppler tool (pdftotext, pdfinfo) on a PDF's bytes: an independent reader, not the library that wrote it. */
function poppler(tool: 'pdftotext' | 'pdfinfo', pdf: Uint8Array, args: string[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'poppler-'));
  try {
    const file = join(dir, 'doc.pdf');
    writeFileSync(file, pdf);
    return execFileSync(tool, [...args, file, ...(tool === 'pdftotext' ? ['-'] : [])]).toString('utf8');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The text of a PDF as pdftotext reads it (layout kept), pages separated by form feeds. */
export const pdfText = (pdf: Uint8Array): string => poppler('pdftotext', pdf, ['-layout']);

/** What pdfinfo says of a PDF: its page count and the size of its first page in points. */
export function pdfInfo(pdf: Uint8Array): { pages: number; pageSize: { width: number; height: number } } {
  const info = poppler('pdfinfo', pdf, []);
  const pages = Number(/^Pages:\s+(\d+)/m.exec(info)?.[1]);
  const size = /^Page size:\s+([\d.]+) x ([\d.]+) pts/m.exec(info);
  return { pages, pageSize: { width: Number(size?.[1]), height: Number(size?.[2]) } };
}
