// Combined labels documents of a bulk order built inside workerd, the Workers runtime, with the isolate's memory measured
// through the V8 inspector (issue 24: "peak added memory ≤ 64 MiB on Node and in workerd"). The Node twin is
// bench/bulk-labels-pdf.mjs; this one runs the same production use-case (getBulkLabelDocument on buildServices: D1 and
// R2, the document written as an R2 multipart upload) in a Worker (bench/workerd-combine-worker.ts, bundled here with
// esbuild) started by Miniflare (local D1 and R2 on disk, in a temp directory) with its inspector on a loopback port.
//
// While a document is built, the bench asks the isolate for its heap (CDP Runtime.getHeapUsage: the JS heap in use, and
// the ArrayBuffer backing stores — what a Worker's 128 MB limit counts) back to back, and keeps the peak above the
// baseline taken after a full GC. workerd is started with V8's --expose-gc (bench/workerd-v8-flags.sh: Miniflare sets no
// V8 flags itself), so a full GC is the Worker calling gc() (/gc), not a heap snapshot (workerd never runs
// HeapProfiler.collectGarbage; the snapshots an earlier version took cost minutes at 10,000 labels). workerd answers the
// inspector only between the isolate's turns: the peak is a sample of the points printed, not every allocation; the
// live set after the build (after a full GC) is exact. After each build: the live set, the workerd process's CPU time
// per page (from /proc: independent of the machine's load, unlike the wall time; it includes Miniflare's local D1 and
// R2, which run in the same process) and the load average. The stored document is then read back from R2 inside the
// Worker (/count: 500 MB through Miniflare's dispatchFetch into Node took minutes) and its pages (ZPL blocks) counted.
//
// Run: node bench/bulk-labels-workerd.mjs [labels=10000] [padKiB=50] [--formats=pdf,zpl,letter-2up] [--variants=50]
//        [--heap-limit-mib=N] [--phases=read,copy]
//   Row i's label PDF is sandbox label i % variants: its label_blob_key names that variant's R2 object, which the build
//   reads once per row (10,000 R2 reads for 10,000 rows, each into the reused buffer, as for 10,000 distinct objects;
//   storing 10,000 copies through Miniflare's local R2 took over ten minutes). Each row's ZPL is stored under the row's
//   own key (the key derives from the order id). padKiB adds that many KiB of incompressible image data to each label
//   PDF, as bench/bulk-labels-pdf.mjs does. --heap-limit-mib=N starts workerd with --max-old-space-size=N: the isolate
//   dies (V8 "heap out of memory") if the build's JS heap needs more (ArrayBuffer memory is not counted by that limit).
//   (Node 20 needs --experimental-websocket for the inspector connection: the bench starts itself again with it.)

import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inspect, resetWorkerdPeak, workerdCpuMs, workerdRss } from './workerd-process.mjs';

if (typeof WebSocket === 'undefined') {
  const run = spawnSync(process.execPath, ['--experimental-websocket', ...process.argv.slice(1)], { stdio: 'inherit' });
  process.exit(run.status ?? 1);
}

const { register } = await import('tsx/esm/api');
register();

const args = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const LABELS = Number(args[0] ?? 10000);
const PAD_KIB = Number(args[1] ?? 50);
const option = (name, fallback) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const FORMATS = option('formats', 'pdf,zpl,letter-2up').split(',').filter(Boolean);
// The build's I/O alone first (bench/workerd-combine-worker.ts /phase): read = the labels read from R2 as the build
// reads them, copy = the same, written as they are into an R2 multipart upload; read:arraybuffer, copy:arraybuffer read
// each label with arrayBuffer() instead of the BYOB read into a reused buffer. --phases= (empty) skips them.
const PHASES = option('phases', 'read,copy').split(',').filter(Boolean);
const VARIANTS = Math.min(LABELS, Number(option('variants', '50')));
const HEAP_LIMIT_MIB = Number(option('heap-limit-mib', '0'));
const SAMPLE_MS = Number(option('sample-ms', '20'));
const WORKERS_LIMIT_MB = 128;
const TARGET_MIB = 64;

const ROOT = new URL('../', import.meta.url);
const EDGE_API = new URL('edge-api/', ROOT);
const requireApi = createRequire(new URL('package.json', EDGE_API));
const requireRoot = createRequire(new URL('package.json', ROOT));
const { Miniflare } = requireApi('miniflare');
const { PDFDocument, PDFName } = requireApi('pdf-lib');
const esbuild = requireRoot('esbuild');
const { renderLabelPdf, newTrackingNumber } = await import(new URL('packages/sandbox-carrier/src/index.ts', ROOT).href);
const { renderLabelZpl } = await import(new URL('packages/sandbox-carrier/src/label-zpl.ts', ROOT).href);
const { labelFileBlobKey } = await import(new URL('src/use-cases/orders/read-label-file.ts', EDGE_API).href);
const { randomBytes } = await import('node:crypto');

const mib = (bytes) => (bytes / 1024 / 1024).toFixed(1);
const load1 = () => loadavg()[0].toFixed(2);

async function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** A sandbox label PDF with PAD_KIB KiB of random image data on its page, and its ZPL. */
async function renderVariant(i) {
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
    trackingNumber: newTrackingNumber('UPS', { catalogueId: 'alpha' }),
    carrier: 'UPS',
    serviceCode: '03',
    serviceName: 'UPS Ground',
    template: null,
    priceCents: 1140,
    billedWeight: 3,
    billedWeightUnit: 'lbs',
    from: address('Ada Shipper'),
    to: address(`Recipient ${i}`),
    package: { weight: 3, weightUnit: 'lbs', length: 10, width: 8, height: 4, description: 'Books', valueCents: null },
    reference: `ref-${i}`,
    transitDays: 5,
    estimatedDelivery: '2026-12-01',
    createdAt: new Date().toISOString(),
    voidedAt: null,
  };
  let pdf = await renderLabelPdf(label);
  if (PAD_KIB > 0) {
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
    pdf = await doc.save({ useObjectStreams: false });
  }
  return { pdf, zpl: new TextEncoder().encode(renderLabelZpl(label, 203)) };
}

const dir = await mkdtemp(join(tmpdir(), 'bench-workerd-'));
const bundle = await esbuild.build({
  entryPoints: [fileURLToPath(new URL('bench/workerd-combine-worker.ts', ROOT))],
  bundle: true,
  format: 'esm',
  platform: 'neutral',
  target: 'es2022',
  conditions: ['workerd', 'worker', 'browser'],
  mainFields: ['module', 'main'],
  external: ['cloudflare:*'],
  write: false,
  logLevel: 'error',
});
const inspectorPort = await freePort();
// workerd with V8's --expose-gc (and a heap limit when asked): see bench/workerd-v8-flags.mjs.
process.env.WORKERD_REAL = createRequire(requireApi.resolve('miniflare'))('workerd').default;
process.env.MINIFLARE_WORKERD_PATH = fileURLToPath(new URL('bench/workerd-v8-flags.sh', ROOT));
process.env.WORKERD_V8_FLAGS = `--expose-gc${HEAP_LIMIT_MIB > 0 ? ` --max-old-space-size=${HEAP_LIMIT_MIB}` : ''}`;
const mf = new Miniflare({
  name: 'combine',
  modules: true,
  script: bundle.outputFiles[0].text,
  compatibilityDate: '2026-04-20',
  d1Databases: { DB: 'bench-db' },
  r2Buckets: { BLOBS: 'bench-blobs' },
  d1Persist: join(dir, 'd1'),
  r2Persist: join(dir, 'r2'),
  bindings: {
    JWT_SECRET: 'bench-secret-0123456789abcdef0123456789abcdef',
    PROVIDER_KEY_SECRET: 'bench-provider-key-secret-0123456789abcdef',
    API_KEY_SECRET: 'bench-api-key-secret-0123456789abcdef0123',
    SUPPORT_EMAIL: 'support@labeldesk.example',
    PUBLIC_URL: 'https://labeldesk.example',
  },
  inspectorPort,
});

try {
  const call = async (path, init) => {
    const res = await mf.dispatchFetch(`http://bench${path}`, init);
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return res;
  };
  const post = (path, body) => call(path, { method: 'POST', body }).then((r) => r.text());

  const started = performance.now();
  const journal = JSON.parse(await readFile(new URL('migrations/meta/_journal.json', EDGE_API), 'utf8'));
  for (const entry of journal.entries) {
    await post('/migrate', await readFile(new URL(`migrations/${entry.tag}.sql`, EDGE_API), 'utf8'));
  }
  const now = new Date().toISOString();
  const userId = 'usr_bench';
  const bulkOrderId = 'blk_bench';
  await post(
    '/sql',
    JSON.stringify([
      [
        `INSERT INTO users (id, name, email, password_hash, created_at, updated_at) VALUES (?, 'Bench', ?, 'x', ?, ?)`,
        userId,
        'bench@example.com',
        now,
        now,
      ],
      // The API that bought them: a generic one, which prints every format (ZPL included).
      [
        `INSERT INTO shipping_apis (id, name, key_ciphertext, key_hint, base_url, kind, created_at, updated_at)
         VALUES ('api_bench', 'API 1', 'x', 'x', 'http://127.0.0.1:9', 'generic', ?, ?)`,
        now,
        now,
      ],
      [
        `INSERT INTO bulk_orders (id, user_id, status, api_id, api_name, service_id, carrier, service_name, order_count,
           failed_order_count, total_price_cents, hold_entry_id, created_at, updated_at, completed_at)
         VALUES (?, ?, 'completed', 'api_bench', 'API 1', 'svc_bench', 'UPS', 'UPS Ground', ?, 0, ?, ?, ?, ?, ?)`,
        bulkOrderId,
        userId,
        LABELS,
        LABELS * 1140,
        `txn_hold_${bulkOrderId}`,
        now,
        now,
        now,
      ],
    ]),
  );
  const orderId = (row) => `ord_bench_${String(row).padStart(5, '0')}`;
  for (let start = 0; start < LABELS; start += 200) {
    const statements = [];
    for (let row = start; row < Math.min(LABELS, start + 200); row++) {
      statements.push([
        `INSERT INTO orders (id, user_id, source, status, api_id, api_name, service_id, carrier, service_name,
           service_code, price_cents, tracking_number, provider_label_id, label_blob_key, sender_json, recipient_json,
           package_json, recipient_name, destination, debit_entry_id, bulk_order_id, row_index, created_at, updated_at,
           completed_at)
         VALUES (?, ?, 'bulk', 'completed', 'api_bench', 'API 1', 'svc_bench', 'UPS', 'UPS Ground', '03', 1140, ?, ?, ?,
           '{}', '{}', '{}', ?, 'San Francisco, CA', ?, ?, ?, ?, ?, ?)`,
        orderId(row),
        userId,
        `1ZBENCH${row}`,
        `lbl_${row}`,
        `variants/${row % VARIANTS}.pdf`,
        `Recipient ${row}`,
        `txn_hold_${bulkOrderId}`,
        bulkOrderId,
        row,
        now,
        now,
        now,
      ]);
    }
    await post('/sql', JSON.stringify(statements));
  }
  const rowsAt = performance.now();
  const seconds = (from, to = performance.now()) => ((to - from) / 1000).toFixed(1);
  let pdfBytes = 0;
  for (let v = 0; v < VARIANTS; v++) {
    const { pdf, zpl } = await renderVariant(v);
    pdfBytes += pdf.byteLength;
    await call(`/put?key=variants/${v}.pdf&type=application/pdf`, { method: 'POST', body: pdf });
    await call(`/put?key=variants/${v}.zpl&type=application/zpl`, { method: 'POST', body: zpl });
    const rows = [];
    for (let row = v; row < LABELS; row += VARIANTS) rows.push(row);
    for (let i = 0; i < rows.length; i += 500) {
      const to = rows.slice(i, i + 500).map((row) => labelFileBlobKey(orderId(row), 'zpl', 203));
      await post('/copy', JSON.stringify({ from: `variants/${v}.zpl`, to, type: 'application/zpl' }));
    }
  }
  console.log(
    `${LABELS} labels in D1 and R2 (rows of ${VARIANTS} sandbox label PDFs of ${(pdfBytes / VARIANTS / 1024).toFixed(1)} KiB, ` +
      `a ZPL object a row) in ${seconds(started)} s (D1 rows ${seconds(started, rowsAt)} s, R2 ${seconds(rowsAt)} s)`,
  );

  // The inspector of the Worker's isolate (workerd lists one target per worker).
  const targets = await (await fetch(`http://127.0.0.1:${inspectorPort}/json/list`)).json();
  const target = targets.find((t) => t.webSocketDebuggerUrl && t.title?.includes('combine')) ?? targets[0];
  if (!target) throw new Error('no inspector target');
  const cdp = await inspect(target.webSocketDebuggerUrl.replace('localhost', '127.0.0.1'));
  await cdp.send('Runtime.enable');
  const heap = async () => {
    const h = await cdp.send('Runtime.getHeapUsage');
    // usedSize: the JS heap in use; backingStorageSize: ArrayBuffer memory outside it (newer V8s report it).
    return { js: h.usedSize, buffers: h.backingStorageSize ?? 0, total: h.usedSize + (h.backingStorageSize ?? 0) };
  };
  // A full GC: the Worker calls gc() (V8's --expose-gc). HeapProfiler.collectGarbage never answers in workerd.
  const fullGc = () => post('/gc');

  const sample0 = await heap();
  console.log(
    `workerd (miniflare ${requireApi('miniflare/package.json').version}), ${LABELS} labels, ` +
      `Runtime.getHeapUsage reports ${sample0.buffers ? 'the JS heap and ArrayBuffer backing stores' : 'the JS heap only (no backingStorageSize)'}; ` +
      `V8 flags ${process.env.WORKERD_V8_FLAGS}; ` +
      `load ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
  );

  for (const mode of PHASES) {
    await fullGc();
    const loadBefore = load1();
    const rssReset = resetWorkerdPeak();
    const rssBefore = workerdRss().rss;
    const cpuBefore = workerdCpuMs();
    const start = performance.now();
    const [kind, via] = mode.split(':');
    const phase = await call(`/phase?bulk=${bulkOrderId}&mode=${kind}&via=${via ?? 'byob'}`).then((r) => r.json());
    const ms = performance.now() - start;
    const cpuMs = workerdCpuMs() - cpuBefore;
    const rssPeak = workerdRss().peak - rssBefore;
    console.log(
      `${`${mode} only`.padEnd(11)} ${(ms / 1000).toFixed(2)} s (in the Worker ${(phase.ms / 1000).toFixed(2)} s), ` +
        `${phase.labels} labels (${Math.round(phase.labels / (ms / 1000))}/s), ${mib(phase.bytes)} MiB read, ` +
        `workerd CPU ${(cpuMs / phase.labels).toFixed(3)} ms/label; workerd process peak RSS added ` +
        `${rssReset ? mib(rssPeak) : '(peak not resettable)'} MiB; load ${loadBefore} → ${load1()}`,
    );
  }

  for (const format of FORMATS) {
    await post(`/reset?bulk=${bulkOrderId}`);
    await fullGc();
    await fullGc();
    const base = await heap();
    const peak = { js: 0, buffers: 0, total: 0 };
    let samples = 0;
    let building = true;
    const sampling = (async () => {
      while (building) {
        const now = await heap();
        samples++;
        for (const k of Object.keys(peak)) peak[k] = Math.max(peak[k], now[k] - base[k]);
        await new Promise((resolve) => setTimeout(resolve, SAMPLE_MS));
      }
    })();
    const loadBefore = load1();
    const rssReset = resetWorkerdPeak();
    const rssBefore = workerdRss().rss;
    const cpuBefore = workerdCpuMs();
    const start = performance.now();
    const { size } = await call(`/build?bulk=${bulkOrderId}&format=${format}`).then((r) => r.json());
    const ms = performance.now() - start;
    const cpuMs = workerdCpuMs() - cpuBefore;
    const rssPeak = workerdRss().peak - rssBefore;
    building = false;
    await sampling;
    await fullGc();
    const live = (await heap()).total - base.total;
    // Read back and counted inside the Worker: 500 MB through Miniflare's dispatchFetch in Node took minutes.
    const { count, bytes } = await call(`/count?bulk=${bulkOrderId}&format=${format}`).then((r) => r.json());
    const pages = format === 'letter-2up' ? Math.ceil(LABELS / 2) : LABELS;
    const unit = format === 'zpl' ? 'block' : 'page';
    console.log(
      `${format.padEnd(11)} ${(ms / 1000).toFixed(2)} s, ${count} ${unit}s (${Math.round(count / (ms / 1000))}/s, ` +
        `${Math.round(LABELS / (ms / 1000))} labels/s), workerd CPU ${(cpuMs / count).toFixed(3)} ms/${unit}, ` +
        `output ${mib(bytes)} MiB; peak added heap+buffers ${mib(peak.total)} MiB (JS heap ${mib(peak.js)}, ` +
        `ArrayBuffers ${mib(peak.buffers)} at their own peaks; target ≤ ${TARGET_MIB} MiB, ` +
        `${((peak.total / (WORKERS_LIMIT_MB * 1024 * 1024)) * 100).toFixed(0)} % of ${WORKERS_LIMIT_MB} MB), ` +
        `live after a full GC ${mib(live)} MiB; ${samples} samples; ` +
        `workerd process peak RSS added ${rssReset ? mib(rssPeak) : '(peak not resettable)'} MiB; load ${loadBefore} → ${load1()}`,
    );
    if (count !== pages || bytes !== size) {
      throw new Error(`expected ${pages} (${size} bytes), got ${count} (${bytes})`);
    }
  }
  cdp.close();
} finally {
  await mf.dispose();
  await rm(dir, { recursive: true, force: true });
}
