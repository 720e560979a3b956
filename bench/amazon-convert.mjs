// Amazon converter speed: a generated 10,000-line report parsed, validated, converted and written as CSV inside headless
// Chromium (target <= 0.5 s), with the optional ZIP by SKU timed separately. Run: node bench/amazon-convert.mjs [lines] [runs]
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';
import { launchChromium, ROOT } from './support.mjs';

const lines = Number(process.argv[2] ?? 10_000);
const runs = Number(process.argv[3] ?? 7);
const TARGET_MS = 500;

const bundle = await build({
  // Resolved from mfe-amazon, so @labeldesk/amazon and its dependencies are exactly what the remote bundles.
  stdin: {
    contents: readFileSync(`${ROOT}bench/amazon-harness.ts`, 'utf8'),
    loader: 'ts',
    resolveDir: `${ROOT}mfe-amazon`,
    sourcefile: 'amazon-harness.ts',
  },
  bundle: true,
  write: false,
  format: 'iife',
  platform: 'browser',
  target: 'es2022',
  minify: true,
});

const browser = await launchChromium();
try {
  const page = await browser.newPage();
  await page.setContent('<!doctype html><title>amazon bench</title>');
  await page.addScriptTag({ content: bundle.outputFiles[0].text });
  const { samples, summary } = await page.evaluate(([l, r]) => globalThis.runAmazonBench(l, r), [lines, runs]);
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const convert = samples.map((s) => s.convert);
  const zip = samples.map((s) => s.zip);
  console.log(summary);
  console.log(
    `runs: ${runs}; convert (parse + SKUs + validate + convert + CSV) ms: ${convert.map((x) => x.toFixed(0)).join(', ')}`,
  );
  console.log(`ZIP by SKU ms: ${zip.map((x) => x.toFixed(0)).join(', ')}`);
  const first = convert[0];
  const med = median(convert);
  console.log(
    `result: ${lines} lines converted in Chromium in ${first.toFixed(0)} ms (first run), ${med.toFixed(0)} ms (median) — ` +
      `${Math.max(first, med) <= TARGET_MS ? 'within' : 'OVER'} the ${TARGET_MS} ms target`,
  );
  process.exitCode = Math.max(first, med) <= TARGET_MS ? 0 : 1;
} finally {
  await browser.close();
}
