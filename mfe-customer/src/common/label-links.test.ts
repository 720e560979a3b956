import { describe, expect, it } from 'vitest';
import { initialLabelFormat, LABEL_ACTION_TEXT, labelUrlFor } from './label-links';

const link = {
  url: '/api/labels/ord_1?exp=1&sig=a',
  downloadUrl: '/api/labels/ord_1/download?exp=1&sig=a',
  printUrl: '/api/labels/ord_1/print?exp=1&sig=a',
  expiresAt: '2025-06-15T10:05:00.000Z',
};

describe('labelUrlFor', () => {
  it('opens the inline PDF to view, the attachment to download and the print view to print', () => {
    expect(labelUrlFor(link, 'view')).toBe(`${link.url}&format=pdf`);
    expect(labelUrlFor(link, 'download')).toBe(`${link.downloadUrl}&format=pdf`);
    expect(labelUrlFor(link, 'print')).toBe(link.printUrl);
  });

  it('downloads the chosen format; views PNG as PNG and ZPL as the PDF; prints the PDF', () => {
    expect(labelUrlFor(link, 'download', 'zpl')).toBe(`${link.downloadUrl}&format=zpl`);
    expect(labelUrlFor(link, 'download', 'png')).toBe(`${link.downloadUrl}&format=png`);
    expect(labelUrlFor(link, 'view', 'png')).toBe(`${link.url}&format=png`);
    expect(labelUrlFor(link, 'view', 'zpl')).toBe(`${link.url}&format=pdf`);
    expect(labelUrlFor(link, 'print', 'zpl')).toBe(link.printUrl);
  });

  it('starts with the customer default when the label offers it, else the PDF', () => {
    expect(initialLabelFormat(['pdf', 'png', 'zpl'], 'zpl')).toBe('zpl');
    expect(initialLabelFormat(['pdf'], 'zpl')).toBe('pdf');
    expect(initialLabelFormat(['pdf', 'png', 'zpl'], undefined)).toBe('pdf');
  });
});

describe('LABEL_ACTION_TEXT', () => {
  it('uses the SPEC §8 failure texts', () => {
    expect(LABEL_ACTION_TEXT.download.failed).toBe('Failed to download label');
    expect(LABEL_ACTION_TEXT.view.failed).toBe('Failed to download label');
    expect(LABEL_ACTION_TEXT.print.failed).toBe('Failed to print label');
  });
});
