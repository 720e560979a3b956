import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CarrierSandbox } from '../src/index';
import { client, type LabelBody, labelRequest, sandboxes } from './helpers';
import { pngSize, scanPng } from './pdf';

const running = sandboxes();
let s: CarrierSandbox;
let label: LabelBody;

function get(path: string, apiKey = s.catalogues.alpha?.apiKey ?? '') {
  return fetch(`${s.catalogues.alpha?.baseUrl}/v1/labels/${label.labelId}${path}`, {
    headers: { 'X-Api-Key': apiKey },
  });
}

beforeAll(async () => {
  s = await running.start();
  const alpha = client(s.catalogues.alpha?.baseUrl ?? '', s.catalogues.alpha?.apiKey ?? '');
  label = (await alpha.post<LabelBody>('/v1/labels', labelRequest('ups_ground', 2, 'lbs'))).body;
});
afterAll(() => running.closeAll());

/** The label routes of the other formats (the rendering itself: src/label-formats.test.ts). */
describe('GET /v1/labels/{id}/zpl and /png', () => {
  it('serve ZPL at 203 dpi by default, 300 with dpi=300, and refuse another dpi', async () => {
    const res = await get('/zpl');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/zpl');
    const zpl = await res.text();
    expect(zpl).toContain('^PW812');
    expect(zpl).toContain(`^FD${label.trackingNumber}^FS`);
    expect(await (await get('/zpl?dpi=300')).text()).toContain('^PW1200');
    expect((await get('/zpl?dpi=600')).status).toBe(400);
  });

  it('serve the PNG, 1200x1800, whose barcode scans as the tracking number', async () => {
    const res = await get('/png');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    const png = new Uint8Array(await res.arrayBuffer());
    expect(pngSize(png)).toEqual({ width: 1200, height: 1800 });
    // zbarimg (zbar-tools) is required: without it this fails rather than passing unchecked.
    expect(scanPng(png)).toEqual([`CODE-128:${label.trackingNumber}`]);
  });

  it('answer 404 for a label the catalogue does not have, as the PDF does', async () => {
    for (const path of ['/zpl', '/png']) {
      const res = await fetch(`${s.catalogues.alpha?.baseUrl}/v1/labels/lbl_nope${path}`, {
        headers: { 'X-Api-Key': s.catalogues.alpha?.apiKey ?? '' },
      });
      expect(res.status).toBe(404);
    }
  });
});
