import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CarrierSandbox } from '../src/index';
import { client, type LabelBody, labelRequest, sandboxes } from './helpers';
import { decodeEmbeddedBarcode, pageSizes, pageText, scanPrintedPage } from './pdf';

const running = sandboxes();
let s: CarrierSandbox;
let alpha: ReturnType<typeof client>;
const labels: Record<string, LabelBody> = {};

async function pdfOf(labelId: string, apiKey = s.catalogues.alpha?.apiKey ?? '') {
  return fetch(`${s.catalogues.alpha?.baseUrl}/v1/labels/${labelId}/pdf`, { headers: { 'X-Api-Key': apiKey } });
}

beforeAll(async () => {
  s = await running.start();
  alpha = client(s.catalogues.alpha?.baseUrl ?? '', s.catalogues.alpha?.apiKey ?? '');
  for (const code of ['ups_ground', 'usps_priority_mail', 'fedex_standard_overnight']) {
    labels[code] = (
      await alpha.post<LabelBody>('/v1/labels', labelRequest(code, 2, 'lbs', { reference: 'PO-7781' }))
    ).body;
  }
});
afterAll(() => running.closeAll());

describe('GET /v1/labels/{id}/pdf', () => {
  it('is one 4x6 inch page (288 x 432 pt) served as application/pdf', async () => {
    for (const label of Object.values(labels)) {
      const res = await pdfOf(label.labelId);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      const pdf = new Uint8Array(await res.arrayBuffer());
      expect(await pageSizes(pdf)).toEqual([{ width: 288, height: 432 }]);
    }
  });

  it('prints the addresses, the service, the weight and the tracking number', async () => {
    const label = labels.usps_priority_mail;
    if (!label) throw new Error('no label');
    const text = await pageText(new Uint8Array(await (await pdfOf(label.labelId)).arrayBuffer()));
    const all = text.join('\n');
    expect(text.map((t) => t.replace(/ /g, ''))).toContain(label.trackingNumber);
    for (const expected of [
      'USPS',
      'USPS PRIORITY MAIL',
      'ADA SHIPPER',
      'ACME WIDGETS',
      'NEW YORK, NY 10001',
      'GRACE RECEIVER',
      '500 MARKET ST',
      'SUITE 200',
      'SAN FRANCISCO, CA 94105',
      '2 LBS',
      'TEMPLATE: BASIC',
      'REF: PO-7781',
    ]) {
      expect(all).toContain(expected);
    }
  });

  it('carries a Code 128 barcode that decodes to the tracking number', async () => {
    for (const label of Object.values(labels)) {
      const pdf = new Uint8Array(await (await pdfOf(label.labelId)).arrayBuffer());
      expect(await decodeEmbeddedBarcode(pdf)).toBe(label.trackingNumber);
    }
  });

  // Needs poppler-utils and zbar-tools (installed by `pnpm test`): without them it fails rather than passes unchecked.
  it('scans from the printed page at a 203 dpi label printer resolution', async () => {
    for (const label of Object.values(labels)) {
      const pdf = new Uint8Array(await (await pdfOf(label.labelId)).arrayBuffer());
      expect(scanPrintedPage(pdf, 203)).toEqual([`CODE-128:${label.trackingNumber}`]);
    }
  });

  it('prints names with accents and other scripts without failing', async () => {
    const r = await alpha.post<LabelBody>(
      '/v1/labels',
      labelRequest('ups_ground', 1, 'lbs', { to: { ...labelRequest('x').to, name: 'Zoë Ångström 山田' } }),
    );
    const text = await pageText(new Uint8Array(await (await pdfOf(r.body.labelId)).arrayBuffer()));
    expect(text).toContain('ZOE ANGSTROM ??');
  });

  it('needs the catalogue’s key and an existing label', async () => {
    const label = labels.ups_ground;
    if (!label) throw new Error('no label');
    expect((await pdfOf(label.labelId, 'wrong')).status).toBe(401);
    expect((await pdfOf(label.labelId, s.catalogues.beta?.apiKey)).status).toBe(401);
    expect((await pdfOf('lbl_missing')).status).toBe(404);
  });
});
