import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderLabelPng } from './label-png';
import { renderLabelZpl } from './label-zpl';
import type { LabelRecord } from './types';

const LABEL: LabelRecord = {
  labelId: 'lbl_0123456789abcdef01234567',
  status: 'created',
  trackingNumber: '1ZXBVW510356223536',
  carrier: 'UPS',
  serviceCode: 'ups_ground',
  serviceName: 'UPS Ground',
  template: null,
  priceCents: 1140,
  billedWeight: 2,
  billedWeightUnit: 'lbs',
  from: {
    name: 'Ada Shipper',
    company: 'Acme',
    street1: '1 Main St',
    city: 'New York',
    state: 'NY',
    zip: '10001',
    country: 'US',
  },
  to: {
    name: 'Grace Receiver',
    street1: '500 Market St',
    street2: 'Suite 200',
    city: 'San Francisco',
    state: 'CA',
    zip: '94105',
    country: 'US',
  },
  package: { weight: 2, weightUnit: 'lbs', length: 10, width: 8, height: 4, description: 'Books' },
  reference: 'PO-77^XZ~81\\',
  transitDays: 3,
  estimatedDelivery: '2026-03-05',
  createdAt: '2026-03-02T10:00:00.000Z',
  voidedAt: null,
} as LabelRecord;

const lines = (zpl: string) => zpl.split('\n').filter(Boolean);

describe('renderLabelZpl', () => {
  it.each([
    [203, 812, 1218, 3],
    [300, 1200, 1800, 4],
  ] as const)(
    'at %i dpi: one ^XA…^XZ format, ^PW%i ^LL%i, %i-dot bars, every field on the label',
    (dpi, pw, ll, module) => {
      const zpl = renderLabelZpl(LABEL, dpi);
      const cmds = lines(zpl);
      expect(cmds[0]).toBe('^XA');
      expect(cmds.at(-1)).toBe('^XZ');
      expect(zpl.match(/\^XA/g)).toHaveLength(1);
      expect(zpl.match(/\^XZ/g)).toHaveLength(1);
      expect(cmds).toContain(`^PW${pw}`);
      expect(cmds).toContain(`^LL${ll}`);
      expect(cmds.find((c) => c.startsWith('^BY'))).toMatch(new RegExp(`^\\^BY${module},`));
      // The tracking number is a Code 128 field, not a picture.
      expect(cmds.some((c) => /\^BCN,\d+,N,N,N,A\^FD1ZXBVW510356223536\^FS$/.test(c))).toBe(true);
      expect(zpl).not.toMatch(/\^GF/);
      for (const text of ['GRACE RECEIVER', 'SAN FRANCISCO, CA 94105', 'UPS GROUND', 'ADA SHIPPER']) {
        expect(cmds.some((c) => /\^A0N,\d+,\d+/.test(c) && c.endsWith(`^FD${text}^FS`))).toBe(true);
      }
      for (const m of zpl.matchAll(/\^FO(\d+),(\d+)/g)) {
        expect(Number(m[1])).toBeLessThan(pw);
        expect(Number(m[2])).toBeLessThan(ll);
      }
    },
  );

  it('escapes ^, ~ and \\ in customer text (^FH hex), so a reference cannot end the field or start a command', () => {
    const zpl = renderLabelZpl(LABEL);
    expect(zpl).toContain('^FH\\^FDREF: PO-77\\5EXZ\\7E81\\5C^FS');
    expect(zpl.match(/\^XZ/g)).toHaveLength(1);
  });

  it('stamps a voided label VOID', () => {
    expect(renderLabelZpl({ ...LABEL, status: 'voided' })).toContain('^FDVOID^FS');
    expect(renderLabelZpl(LABEL)).not.toContain('VOID');
  });
});

describe('renderLabelPng', () => {
  it('is a 1200x1800 PNG (4x6 in at 300 dpi) whose barcode scans as the tracking number', async () => {
    const png = await renderLabelPng(LABEL);
    expect([...png.slice(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
    expect({ width: view.getUint32(16), height: view.getUint32(20) }).toEqual({ width: 1200, height: 1800 });
    // zbarimg (zbar-tools) is required: without it this fails rather than passing unchecked.
    const dir = mkdtempSync(join(tmpdir(), 'label-png-'));
    try {
      writeFileSync(join(dir, 'label.png'), png);
      const out = execFileSync('zbarimg', ['-q', 'label.png'], { cwd: dir, stdio: ['ignore', 'pipe', 'ignore'] });
      expect(out.toString().trim()).toBe('CODE-128:1ZXBVW510356223536');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('prints the reference: the same label with another reference (or none) is another image, the same one is not', async () => {
    const png = await renderLabelPng({ ...LABEL, reference: 'PO-4471 shelf B' });
    const same = await renderLabelPng({ ...LABEL, reference: 'PO-4471 shelf B' });
    const other = await renderLabelPng({ ...LABEL, reference: 'PO-4472 shelf B' });
    const none = await renderLabelPng({ ...LABEL, reference: null });
    expect(Buffer.from(same).equals(Buffer.from(png))).toBe(true);
    expect(Buffer.from(other).equals(Buffer.from(png))).toBe(false);
    expect(Buffer.from(none).equals(Buffer.from(png))).toBe(false);
  });
});
