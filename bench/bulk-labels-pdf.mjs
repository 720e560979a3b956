// Combined labels PDF of a bulk order: N sandbox labels (the carrier sandbox's own renderLabelPdf, so the sources are
// the real 4x6 documents the embedded default serves) stored in the Node blob store, then merged by the production
// use-case produceCombinedLabels (edge-api/src/use-cases/bulk-orders/build-combined-labels.ts) on a real database
// file. Prints wall time and the peak memory the merge added (JS heap + external/ArrayBuffer memory, the part a
// Workers isolate's 128 MB limit counts), sampled every 2 ms and at every event-loop turn, for the production chunk
// size and, for comparison, with every source loaded at once.
//
// Run: node --expose-gc bench/bulk-labels-pdf.mjs [labels=1000] [chunk=25] [padKiB=0] [--no-live]
//   --no-live skips the (slow) live-set passes.
//   padKiB > 0 adds that many KiB of incompressible image-like data to every label (a real carrier's label is often a
//   rasterised image of 30-100 KiB, the sandbox's is 3 KiB of vector text and bars), to see where memory goes then.

import { createRequire } from 'node:module';
import { register } from 'tsx/esm/api';

register();

const args = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const LIVE = !process.argv.includes('--no-live');
const LABELS = Number(args[0] ?? 1000);
const CHUNK = Number(args[1] ?? 25);
const PAD_KIB = Number(args[2] ?? 0);
const WORKERS_LIMIT_MB = 128;

const API = new URL('../edge-api/src/', import.meta.url);
const load = (path) => import(new URL(path, API).href);

const { testServices, insertTestUser } = await load('adapters/node/test-support.ts');
const { bulkOrders, orders } = await load('db/schema/index.ts');
const { newId } = await load('lib/ids.ts');
const { produceCombinedLabels } = await load('use-cases/bulk-orders/build-combined-labels.ts');
const { renderLabelPdf, newTrackingNumber } = await import(
  new URL('../packages/sandbox-carrier/src/index.ts', import.meta.url).href
);
// edge-api's own dependencies, resolved from its package.
const requireApi = createRequire(new URL('../edge-api/package.json', import.meta.url));
const { eq } = requireApi('drizzle-orm');
const { PDFDocument, PDFName } = requireApi('pdf-lib');
const { randomBytes } = await import('node:crypto');

/** The label with `PAD_KIB` KiB of random bytes as an image XObject of its page (copied along with the page). */
async function padded(pdf) {
  if (PAD_KIB <= 0) return pdf;
  const doc = await PDFDocument.load(pdf);
  const image = doc.context.stream(randomBytes(PAD_KIB * 1024), {
    Type: 'XObject',
    Subtype: 'Image',
    Width: 8,
    Height: 8,
    ColorSpace: 'DeviceGray',
    BitsPerComponent: 8,
  });
  doc.getPage(0).node.setXObject(PDFName.of('Pad'), doc.context.register(image));
  return doc.save();
}

const gc = globalThis.gc ?? (() => {});
if (!globalThis.gc) console.warn('run with --expose-gc for a clean baseline');
const mb = (bytes) => (bytes / 1024 / 1024).toFixed(1);
const used = () => {
  const m = process.memoryUsage();
  return { js: m.heapUsed + m.external, rss: m.rss };
};

const t = await testServices(new Date());
try {
  const owner = await insertTestUser(t.services, { name: 'Bench Owner' });
  const bulkOrderId = newId('blk');
  const now = new Date().toISOString();
  await t.services.db.insert(bulkOrders).values({
    id: bulkOrderId,
    userId: owner.id,
    status: 'completed',
    apiId: 'api_bench',
    apiName: 'API 1',
    serviceId: 'svc_bench',
    carrier: 'UPS',
    serviceName: 'UPS Ground',
    orderCount: LABELS,
    totalPriceCents: LABELS * 1140,
    holdEntryId: `txn_hold_${bulkOrderId}`,
    createdAt: now,
    updatedAt: now,
    completedAt: now,
  });

  // N real sandbox labels, each stored where a purchase stores its PDF.
  const started = performance.now();
  let sourceBytes = 0;
  const rows = [];
  for (let i = 0; i < LABELS; i++) {
    const orderId = newId('ord');
    const trackingNumber = newTrackingNumber('UPS', { catalogueId: 'alpha' });
    const address = (name) => ({
      name,
      company: i % 3 === 0 ? 'Acme Widgets' : null,
      street1: `${100 + i} Market St`,
      street2: i % 2 === 0 ? 'Suite 200' : null,
      city: 'San Francisco',
      state: 'CA',
      zip: '94105',
      country: 'US',
      phone: '415-555-0199',
      email: null,
    });
    const pdf = await padded(
      await renderLabelPdf({
        labelId: `lbl_${i}`,
        status: 'created',
        trackingNumber,
        carrier: 'UPS',
        serviceCode: '03',
        serviceName: 'UPS Ground',
        template: null,
        priceCents: 1140,
        billedWeight: 3,
        billedWeightUnit: 'lbs',
        from: address('Ada Shipper'),
        to: address(`Recipient ${i}`),
        package: {
          weight: 3,
          weightUnit: 'lbs',
          length: 10,
          width: 8,
          height: 4,
          description: 'Books',
          valueCents: null,
        },
        reference: orderId,
        transitDays: 5,
        estimatedDelivery: '2026-12-01',
        createdAt: now,
        voidedAt: null,
      }),
    );
    sourceBytes += pdf.byteLength;
    const key = `labels/${orderId}.pdf`;
    await t.services.blobs.put(key, pdf, 'application/pdf');
    rows.push({
      id: orderId,
      userId: owner.id,
      source: 'bulk',
      status: 'completed',
      apiId: 'api_bench',
      apiName: 'API 1',
      serviceId: 'svc_bench',
      carrier: 'UPS',
      serviceName: 'UPS Ground',
      serviceCode: '03',
      priceCents: 1140,
      trackingNumber,
      providerLabelId: `lbl_${i}`,
      labelBlobKey: key,
      senderJson: '{}',
      recipientJson: '{}',
      packageJson: '{}',
      recipientName: `Recipient ${i}`,
      destination: 'San Francisco, CA',
      debitEntryId: `txn_hold_${bulkOrderId}`,
      bulkOrderId,
      rowIndex: i,
      createdAt: now,
      updatedAt: now,
      completedAt: now,
    });
  }
  for (let i = 0; i < rows.length; i += 200) await t.services.db.insert(orders).values(rows.slice(i, i + 200));
  console.log(
    `${LABELS} sandbox labels rendered and stored in ${((performance.now() - started) / 1000).toFixed(1)} s ` +
      `(${mb(sourceBytes)} MB, ${(sourceBytes / LABELS / 1024).toFixed(1)} KiB each)`,
  );

  /**
   * Live memory: the same merge with a full GC before every sample (every 100 ms), so garbage the collector had not
   * reclaimed yet does not count; slower, so its time is not reported.
   */
  async function measureLive(chunkSize) {
    await t.services.db.update(bulkOrders).set({ labelsBlobKey: null }).where(eq(bulkOrders.id, bulkOrderId));
    gc();
    gc();
    const base = used().js;
    let peak = base;
    const timer = setInterval(() => {
      gc();
      peak = Math.max(peak, used().js);
    }, 100);
    const result = await produceCombinedLabels(t.services, bulkOrderId, { chunkSize });
    gc();
    clearInterval(timer);
    const added = peak - base;
    console.log(
      `${`live set, chunks of ${chunkSize}`.padEnd(28)} peak added (after GC) ${mb(added)} MB ` +
        `(${((added / (WORKERS_LIMIT_MB * 1024 * 1024)) * 100).toFixed(0)} % of ${WORKERS_LIMIT_MB} MB)`,
    );
    await t.services.blobs.delete(result.blobKey);
  }

  async function measure(label, chunkSize) {
    await t.services.db.update(bulkOrders).set({ labelsBlobKey: null }).where(eq(bulkOrders.id, bulkOrderId));
    gc();
    gc();
    const base = used();
    let peak = base;
    const sample = () => {
      const now = used();
      if (now.js > peak.js) peak = { ...peak, js: now.js };
      if (now.rss > peak.rss) peak = { ...peak, rss: now.rss };
    };
    const timer = setInterval(sample, 2);
    const start = performance.now();
    const result = await produceCombinedLabels(t.services, bulkOrderId, { chunkSize });
    const ms = performance.now() - start;
    sample();
    clearInterval(timer);
    const pages = (await PDFDocument.load(result.pdf)).getPageCount();
    const added = peak.js - base.js;
    console.log(
      `${label.padEnd(28)} ${(ms / 1000).toFixed(2)} s, ${pages} pages, output ${mb(result.pdf.byteLength)} MB; ` +
        `peak added JS heap+external ${mb(added)} MB (${((added / (WORKERS_LIMIT_MB * 1024 * 1024)) * 100).toFixed(0)} % of ` +
        `${WORKERS_LIMIT_MB} MB), peak RSS ${mb(peak.rss)} MB (process, baseline ${mb(base.rss)} MB)`,
    );
    if (pages !== LABELS) throw new Error(`expected ${LABELS} pages, got ${pages}`);
    await t.services.blobs.delete(result.blobKey);
    return { ms, added };
  }

  console.log(`node ${process.version}, ${LABELS} labels`);
  await measure(`chunks of ${CHUNK} (production)`, CHUNK);
  await measure('every source at once', LABELS);
  await measure(`chunks of ${CHUNK} (again, warm)`, CHUNK);
  if (globalThis.gc && LIVE) {
    await measureLive(CHUNK);
    await measureLive(LABELS);
  }
} finally {
  await t.cleanup();
}
