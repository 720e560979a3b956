import { describe, expect, it } from 'vitest';
import { LABEL_ACTION_TEXT, labelUrlFor } from './label-links';

const link = {
  url: '/api/labels/ord_1?exp=1&sig=a',
  downloadUrl: '/api/labels/ord_1/download?exp=1&sig=a',
  printUrl: '/api/labels/ord_1/print?exp=1&sig=a',
  expiresAt: '2025-06-15T10:05:00.000Z',
};

describe('labelUrlFor', () => {
  it('opens the inline PDF to view, the attachment to download and the print view to print', () => {
    expect(labelUrlFor(link, 'view')).toBe(link.url);
    expect(labelUrlFor(link, 'download')).toBe(link.downloadUrl);
    expect(labelUrlFor(link, 'print')).toBe(link.printUrl);
  });
});

describe('LABEL_ACTION_TEXT', () => {
  it('uses the SPEC §8 failure texts', () => {
    expect(LABEL_ACTION_TEXT.download.failed).toBe('Failed to download label');
    expect(LABEL_ACTION_TEXT.view.failed).toBe('Failed to download label');
    expect(LABEL_ACTION_TEXT.print.failed).toBe('Failed to print label');
  });
});
