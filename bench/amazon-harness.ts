// Runs inside Chromium (bundled by bench/amazon-convert.mjs): the browser-side Amazon conversion, step by step.
import {
  buildZip,
  collectSkus,
  convertOrders,
  generateSampleReport,
  groupRows,
  parseAmazonReport,
  toCsv,
  validateDimensions,
} from '@labeldesk/amazon';

const sender = { name: 'Shop', street1: '1 Main St', city: 'Reno', state: 'NV', zip: '89501', phone: '775-555-0100' };

async function run(lines: number, runs: number) {
  const text = generateSampleReport(lines, 20250307);
  const samples: Array<{ convert: number; zip: number }> = [];
  let summary = '';
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const report = parseAmazonReport(text);
    const skus = collectSkus(report.rows);
    const form = Object.fromEntries(skus.map((s) => [s.sku, { weight: 1.2, length: 10, width: 8, height: 2 }]));
    const validation = validateDimensions(skus, form);
    if (!validation.ok) throw new Error(validation.error);
    const result = convertOrders(report.rows, { sender, dimensions: validation.dimensions, splitByQuantity: true });
    const csv = toCsv(result.rows);
    const t1 = performance.now();
    await buildZip(groupRows(result.rows, 'sku'), 'sku');
    const t2 = performance.now();
    samples.push({ convert: t1 - t0, zip: t2 - t1 });
    summary = `${report.rows.length} report lines → ${result.orderCount} orders, ${result.labelCount} labels, ${csv.length} CSV chars`;
  }
  return { samples, summary };
}

(globalThis as unknown as { runAmazonBench: typeof run }).runAmazonBench = run;
