// Combined labels documents of a bulk order: N sandbox labels (the carrier sandbox's own renderLabelPdf and
// renderLabelZpl, so the sources are the real 4x6 documents the embedded default serves) stored in the Node blob store,
// then built by the production use-case getBulkLabelDocument (edge-api/src/use-cases/bulk-orders/) on a real database
// file, as GET /api/labels/bulk/{id}?format=pdf|zpl|letter-2up does the first time: written as a stream into the blob
// store, then streamed back (read through here, to count the pages). Prints wall time, pages (or ZPL blocks) a second
// and the peak memory added (JS heap + external/ArrayBuffer memory, the part a Workers isolate's 128 MB limit counts,
// in MiB), sampled every 2 ms and at every event-loop turn, and the process's peak RSS beside it, with the load
// average (the machine is shared). The peak is given for the build, with the heap's and external memory's own peaks,
// and for streaming the stored document back: GET /api/labels/bulk/{id}?format=… over real HTTP on loopback, served by
// the app (createApp) on @hono/node-server exactly as the Node entry serves /api (sendFileBodies included), read by a
// child process (curl-like: it counts pages on the bytes), so only the server's side is in this process's figures; the
// headline figure is the larger. In workerd the build is measured by bench/bulk-labels-workerd.mjs (there a response
// streams an R2 body without JavaScript).
//
// Run: node --expose-gc bench/bulk-labels-pdf.mjs [labels=1000] [chunk] [padKiB=0] [--formats=pdf,zpl,letter-2up]
//   --stream-send serves the stored document as a web stream through @hono/node-server (no sendFileBodies), as main
//   did before file-body.ts: the A/B of the stream-back.
//   --no-live skips the passes with a full GC before every sample.
//   --object-streams saves the padded labels with object streams and a cross-reference stream (PDF 1.5 compression),
//   which the combiner copies through pdf-lib rather than its raw copier: the slow path. Without it they are saved as
//   the sandbox saves its own (a classic xref table), as the carrier, EasyPost and Shippo sandboxes all do.
//   --variants=N renders N labels and stores label i as a copy of label i % N (each still a file of its own, read as
//   such): the setup takes seconds instead of minutes; the build reads and copies the same bytes.
//   --cpu-prof=DIR writes a V8 CPU profile of each measured build (not the setup) to DIR/<format>.cpuprofile.
//   chunk is ignored (it was the in-memory merge's chunk size; labels are now read COMBINE_READ_AHEAD ahead).
//   padKiB > 0 adds that many KiB of incompressible image-like data to every label PDF (a real carrier's label is often
//   a rasterised image of 30-100 KiB, the sandbox's is 3 KiB of vector text and bars), as the issue's figures do:
//   node --expose-gc bench/bulk-labels-pdf.mjs 10000 25 50
//   (before streaming, issue 24 measured 1,000 such labels at 147 MB and 10,000 at 1,107 MB peak added memory.)

import { createRequire } from 'node:module';
import { register } from 'tsx/esm/api';

register();

const args = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const LABELS = Number(args[0] ?? 1000);
const PAD_KIB = Number(args[2] ?? 0);
const FORMATS = (process.argv.find((a) => a.startsWith('--formats='))?.slice(10) ?? 'pdf,zpl,letter-2up').split(',');
const WORKERS_LIMIT_MB = 128;
const TARGET_MB = 64;
const LIVE = !process.argv.includes('--no-live');
const OBJECT_STREAMS = process.argv.includes('--object-streams');
const PROFILE_DIR = process.argv.find((a) => a.startsWith('--cpu-prof='))?.slice(11);
const VARIANTS = Number(process.argv.find((a) => a.startsWith('--variants='))?.slice(11) ?? 0);
const STREAM_SEND = process.argv.includes('--stream-send');

const API = new URL('../edge-api/src/', import.meta.url);
// edge-api's own dependencies, resolved from its package.
const requireApi = createRequire(new URL('../edge-api/package.json', import.meta.url));
const load = (path) => import(new URL(path, API).href);

const { testServices, insertTestUser } = await load('adapters/node/test-support.ts');
const { bulkOrders, orders, shippingApis } = await load('db/schema/index.ts');
const { newId } = await load('lib/ids.ts');
const { getBulkLabelDocument } = await load('use-cases/bulk-orders/get-bulk-label-document.ts');
const { labelFileBlobKey } = await load('use-cases/orders/read-label-file.ts');
const { createApp } = await load('app.ts');
const { sendFileBodies } = await load('adapters/node/file-body.ts');
const { bulkLabelLinks } = await load('lib/label-links.ts');
const { serve } = await import(
  new URL('../edge-api/node_modules/@hono/node-server/dist/index.mjs', import.meta.url).href
);
const { execFile } = await import('node:child_process');
const { renderLabelPdf, newTrackingNumber } = await import(
  new URL('../packages/sandbox-carrier/src/index.ts', import.meta.url).href
);
const { renderLabelZpl } = await import(new URL('../packages/sandbox-carrier/src/label-zpl.ts', import.meta.url).href);
const { loadavg } = await import('node:os');
const { readdir } = await import('node:fs/promises');
const { join } = await import('node:path');
const { writeFile, mkdir } = await import('node:fs/promises');
const { Session } = await import('node:inspector/promises');
const readdirSafe = (dir) => readdir(dir).catch(() => []);
const { PDFDocument, PDFName } = requireApi('pdf-lib');
const { eq } = requireApi('drizzle-orm');
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
  return doc.save({ useObjectStreams: OBJECT_STREAMS });
}

const gc = globalThis.gc ?? (() => {});
if (!globalThis.gc) console.warn('run with --expose-gc for a clean baseline');
/** Bytes in MiB (the figures this bench prints as MB are MiB, as the 64 MiB target is). */
const mb = (bytes) => (bytes / 1024 / 1024).toFixed(1);
const used = () => {
  const m = process.memoryUsage();
  return { js: m.heapUsed + m.external, heap: m.heapUsed, external: m.external, rss: m.rss };
};
/** Peaks of each figure over the samples given to `add`, from `base`. */
const peaks = (base) => {
  const peak = { ...base };
  return {
    add(now) {
      for (const k of Object.keys(peak)) if (now[k] > peak[k]) peak[k] = now[k];
    },
    added: () => Object.fromEntries(Object.keys(peak).map((k) => [k, peak[k] - base[k]])),
    rss: () => peak.rss,
  };
};

const t = await testServices(new Date());
try {
  const owner = await insertTestUser(t.services, { name: 'Bench Owner' });
  const bulkOrderId = newId('blk');
  const now = new Date().toISOString();
  // The API that bought them: a generic one, which prints every format (ZPL included).
  await t.services.db.insert(shippingApis).values({
    id: 'api_bench',
    name: 'API 1',
    keyCiphertext: 'x',
    keyHint: 'x',
    baseUrl: 'http://127.0.0.1:9',
    kind: 'generic',
    createdAt: now,
    updatedAt: now,
  });
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
  let zplBytes = 0;
  const rows = [];
  const variants = [];
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
    const label = {
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
    };
    // With --variants=N, label i is a copy of label i % N (still stored as a file of its own): a faster setup.
    const variant = VARIANTS > 0 && i >= VARIANTS ? variants[i % VARIANTS] : undefined;
    const pdf = variant?.pdf ?? (await padded(await renderLabelPdf(label)));
    const zpl = variant?.zpl ?? new TextEncoder().encode(renderLabelZpl(label, 203));
    if (VARIANTS > 0 && i < VARIANTS) variants.push({ pdf, zpl });
    await t.services.blobs.put(labelFileBlobKey(orderId, 'zpl', 203), zpl, 'application/zpl');
    sourceBytes += pdf.byteLength;
    zplBytes += zpl.byteLength;
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
      `(PDF ${mb(sourceBytes)} MB, ${(sourceBytes / LABELS / 1024).toFixed(1)} KiB each; ` +
      `ZPL ${(zplBytes / LABELS / 1024).toFixed(1)} KiB each)`,
  );

  const load1 = () => loadavg()[0].toFixed(2);

  // The Node entry's /api, as server.ts serves it: the app, its answer sent by sendFileBodies (unless --stream-send).
  const app = createApp({ services: () => t.services, clientIp: () => '127.0.0.1' });
  const server = await new Promise((resolve) => {
    const s = serve(
      {
        fetch: (request, env) => (STREAM_SEND ? app.fetch(request, env) : sendFileBodies(app.fetch(request, env), env)),
        port: 0,
        hostname: '127.0.0.1',
      },
      () => resolve(s),
    );
  });
  const origin = `http://127.0.0.1:${server.address().port}`;

  /**
   * GETs the document over HTTP in a child process (a client of its own, so its buffers are not this process's), which
   * counts pages (PDF: "/Type /Page\n" objects; ZPL: ^XA blocks) on the bytes as they come.
   */
  const CLIENT = `
    const [url, needle] = process.argv.slice(1);
    const res = await fetch(url);
    if (res.status !== 200) throw new Error('HTTP ' + res.status + ' ' + (await res.text()));
    const n = Buffer.from(needle);
    let count = 0, bytes = 0, tail = Buffer.alloc(0);
    for await (const chunk of res.body) {
      bytes += chunk.length;
      const b = Buffer.concat([tail, chunk]);
      for (let i = b.indexOf(n); i !== -1; i = b.indexOf(n, i + n.length)) count++;
      tail = b.subarray(Math.max(0, b.length - n.length + 1));
    }
    console.log(JSON.stringify({ count, bytes, length: Number(res.headers.get('content-length')) }));
  `;
  async function streamBack(format) {
    const { url } = await bulkLabelLinks(t.services.config.jwtSecret, bulkOrderId, t.services.clock.now());
    const needle = format === 'zpl' ? '^XA' : '/Type /Page\n';
    const stdout = await new Promise((resolve, reject) =>
      execFile(
        process.execPath,
        ['--input-type=module', '-e', CLIENT, `${origin}${url}&format=${format}`, needle],
        { maxBuffer: 1 << 20 },
        (err, out) => (err ? reject(err) : resolve(out)),
      ),
    );
    return JSON.parse(stdout);
  }

  /**
   * live: a full GC before every sample (every second), so garbage the collector had not reclaimed yet does not count —
   * what an isolate that collects under a 128 MB limit needs; slower, so its time is not the throughput figure.
   */
  async function measure(format, live = false) {
    await t.services.blobs.delete(`bulk-labels/${bulkOrderId}-${LABELS}.pdf`);
    await t.services.db.update(bulkOrders).set({ labelsBlobKey: null }).where(eq(bulkOrders.id, bulkOrderId));
    for (const f of await readdirSafe(join(t.dir, 'blobs/data/bulk-labels'))) {
      await t.services.blobs.delete(`bulk-labels/${f}`);
    }
    gc();
    gc();
    const base = used();
    // While the document is built (build), and while it is then streamed back as a response would stream it (read).
    const build = peaks(base);
    const read = peaks(base);
    let phase = build;
    const sample = () => {
      if (live) gc();
      phase.add(used());
    };
    const timer = setInterval(sample, live ? 1000 : 2);
    const loadBefore = load1();
    const profiler = PROFILE_DIR && !live ? new Session() : null;
    if (profiler) {
      profiler.connect();
      await profiler.post('Profiler.enable');
      await profiler.post('Profiler.start');
    }
    const cpuBefore = process.cpuUsage();
    const start = performance.now();
    const doc = await getBulkLabelDocument(t.services, {
      bulkOrderId,
      access: { kind: 'signed-link' },
      format,
      dpi: format === 'zpl' ? 203 : undefined,
    });
    const ms = performance.now() - start;
    const cpu = process.cpuUsage(cpuBefore);
    if (profiler) {
      const { profile } = await profiler.post('Profiler.stop');
      await mkdir(PROFILE_DIR, { recursive: true });
      await writeFile(join(PROFILE_DIR, `${format}.cpuprofile`), JSON.stringify(profile));
      profiler.disconnect();
    }
    // Built and stored: the GET below streams the stored document back, as a second request for it does.
    await doc.body.cancel();
    sample();
    // What the build left for the collector is not the stream-back's: collected first (the build's peak is taken).
    gc();
    gc();
    phase = read;
    // The server's side of the stream-back (this process; the client is a child): wall time and CPU.
    const backCpuBefore = process.cpuUsage();
    const backStart = performance.now();
    const { count, bytes, length } = await streamBack(format);
    const backMs = performance.now() - backStart;
    const backCpu = process.cpuUsage(backCpuBefore);
    sample();
    clearInterval(timer);
    const pages = format === 'letter-2up' ? Math.ceil(LABELS / 2) : LABELS;
    const built = build.added();
    const added = Math.max(built.js, read.added().js);
    // CPU time of the whole process (this thread, the blob writer thread, the thread pool), user + system: a figure
    // that does not depend on how loaded the shared machine is, unlike the wall time.
    const cpuMs = (cpu.user + cpu.system) / 1000;
    console.log(
      `${(live ? `${format} live` : format).padEnd(15)} ${(ms / 1000).toFixed(2)} s, ${count} ${format === 'zpl' ? 'blocks' : 'pages'} ` +
        `(${Math.round(count / (ms / 1000))}/s, ${Math.round(LABELS / (ms / 1000))} labels/s), ` +
        `CPU ${(cpuMs / count).toFixed(3)} ms/${format === 'zpl' ? 'block' : 'page'} (${(cpuMs / LABELS).toFixed(3)} ms/label), output ${mb(bytes)} MB; ` +
        `peak added JS heap+external ${mb(added)} MiB (target ≤ ${TARGET_MB} MiB; ` +
        `${((added / (WORKERS_LIMIT_MB * 1024 * 1024)) * 100).toFixed(0)} % of ${WORKERS_LIMIT_MB} MB): building ${mb(built.js)} ` +
        `(heap ${mb(built.heap)} + external ${mb(built.external)} at their own peaks), streaming back ${mb(read.added().js)} (heap ${mb(read.added().heap)} + external ${mb(read.added().external)}; ` +
        `${(backMs / 1000).toFixed(2)} s, server CPU ${((backCpu.user + backCpu.system) / 1000 / count).toFixed(3)} ms/${format === 'zpl' ? 'block' : 'page'}); ` +
        `peak RSS ${mb(Math.max(build.rss(), read.rss()))} MB (+${mb(Math.max(build.rss(), read.rss()) - base.rss)}); load ${loadBefore} → ${load1()}`,
    );
    if (count !== pages || bytes !== doc.size || length !== doc.size)
      throw new Error(`expected ${pages} (${doc.size} bytes), got ${count} (${bytes}, Content-Length ${length})`);
  }

  console.log(
    `node ${process.version}, ${LABELS} labels, stream-back ${STREAM_SEND ? 'as a web stream (--stream-send)' : 'by sendFileBodies'}, 2 cores, load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  // The app's first request compiles its routes and loads what it loads once: not the stream-back's memory either.
  await (await fetch(`${origin}/api/labels/bulk/${bulkOrderId}?format=pdf`)).arrayBuffer();
  for (const format of FORMATS) await measure(format);
  if (LIVE && globalThis.gc) for (const format of FORMATS) await measure(format, true);
  server.close();
} finally {
  await t.cleanup();
}
