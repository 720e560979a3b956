// The Worker bench/bulk-labels-workerd.mjs runs inside workerd (bundled by that bench with esbuild; never deployed):
// the production use-case getBulkLabelDocument on the production services (buildServices: D1 and R2 bindings), behind
// a few bench-only routes that seed the database and the bucket. The bench measures the isolate's heap through the V8
// inspector while /build runs.
import { buildServices } from '../edge-api/src/entries/worker/services';
import { forEachInOrder } from '../edge-api/src/use-cases/bulk-orders/build-combined-labels';
import { getBulkLabelDocument } from '../edge-api/src/use-cases/bulk-orders/get-bulk-label-document';
import { boughtRows } from '../edge-api/src/use-cases/bulk-orders/label-documents';
import { readLabelPdf } from '../edge-api/src/use-cases/orders/get-label-document';

interface BenchEnv extends Env {
  DB: D1Database;
  BLOBS: R2Bucket;
}

export default {
  async fetch(request: Request, env: BenchEnv): Promise<Response> {
    const url = new URL(request.url);
    const param = (name: string) => url.searchParams.get(name) ?? '';
    switch (url.pathname) {
      // One migration file (drizzle-kit's statements, split on its breakpoints).
      case '/migrate': {
        const sql = await request.text();
        const statements = sql
          .split('--> statement-breakpoint')
          .map((s) => s.trim())
          .filter(Boolean);
        await env.DB.batch(statements.map((s) => env.DB.prepare(s)));
        return new Response('ok');
      }
      // Statements with their parameters, in one batch.
      case '/sql': {
        const statements = (await request.json()) as [string, ...unknown[]][];
        await env.DB.batch(statements.map(([sql, ...params]) => env.DB.prepare(sql).bind(...params)));
        return new Response('ok');
      }
      case '/put': {
        const body = await request.arrayBuffer();
        await env.BLOBS.put(param('key'), body, { httpMetadata: { contentType: param('type') } });
        return new Response('ok');
      }
      // The blob `from` stored again under each key of `to` (the labels of many rows from a few rendered ones).
      case '/copy': {
        const { from, to, type } = (await request.json()) as { from: string; to: string[]; type: string };
        const source = await env.BLOBS.get(from);
        if (!source) return new Response(`no ${from}`, { status: 404 });
        const bytes = await source.arrayBuffer();
        for (let i = 0; i < to.length; i += 100) {
          await Promise.all(
            to.slice(i, i + 100).map((key) => env.BLOBS.put(key, bytes, { httpMetadata: { contentType: type } })),
          );
        }
        return new Response('ok');
      }
      // A full garbage collection (workerd runs with V8's --expose-gc here: bench/workerd-v8-flags.sh).
      case '/gc': {
        const gc = (globalThis as { gc?: () => void }).gc;
        if (!gc) return new Response('gc() is not exposed', { status: 500 });
        gc();
        gc();
        return new Response('ok');
      }
      // Drops the stored combined documents of a bulk order, so the next /build builds them again.
      case '/reset': {
        const listed = await env.BLOBS.list({ prefix: 'bulk-labels/' });
        await Promise.all(listed.objects.map((o) => env.BLOBS.delete(o.key)));
        await env.DB.prepare('UPDATE bulk_orders SET labels_blob_key = NULL WHERE id = ?').bind(param('bulk')).run();
        return new Response('ok');
      }
      // GET /api/labels/bulk/{id}?format=… as the route runs it: built as a stream into R2 (the stored one is not read).
      case '/build': {
        const doc = await bulkDocument(env, param('bulk'), param('format'));
        await doc.body.cancel();
        return Response.json({ size: doc.size });
      }
      // The build's I/O without its PDF work, to tell where a build's time and memory go (?mode=):
      // - read: every row's label read from R2 in row order as the build reads them (readLabelPdf into reused buffers,
      //   COMBINE_READ_AHEAD at once), nothing written;
      // - copy: the same reads, each label's bytes written as they are into an R2 multipart upload (the build's writer),
      //   then the upload dropped. ?via=arraybuffer reads each label with arrayBuffer() instead. Answers the labels, bytes and the time inside the Worker (its clock moves on I/O).
      case '/phase': {
        const services = buildServices(env);
        const rows = await boughtRows(services, param('bulk'));
        const started = Date.now();
        let bytes = 0;
        // ?via=arraybuffer: each label read whole with arrayBuffer() (a new buffer a label) instead of the BYOB read.
        const byob = param('via') !== 'arraybuffer';
        const writer = param('mode') === 'copy' ? await services.blobs.createWriter('bench/phase.bin', 'x') : null;
        await forEachInOrder(
          rows.length,
          (i, into) =>
            readLabelPdf(services, rows[i] as Parameters<typeof readLabelPdf>[1], undefined, byob ? into : undefined),
          async (label) => {
            bytes += label.byteLength;
            if (writer) await writer.write(label);
          },
        );
        await writer?.abort();
        return Response.json({ labels: rows.length, bytes, ms: Date.now() - started });
      }
      // The stored document read back from R2 as a stream: its pages ("/Type /Page\n") or ZPL blocks ("^XA") counted.
      case '/count': {
        const doc = await bulkDocument(env, param('bulk'), param('format'));
        return Response.json(await countUnits(doc.body, doc.format === 'zpl' ? '^XA' : '/Type /Page\n'));
      }
      default:
        return new Response('not found', { status: 404 });
    }
  },
};

function bulkDocument(env: BenchEnv, bulkOrderId: string, format: string) {
  const f = format as 'pdf' | 'zpl' | 'letter-2up';
  return getBulkLabelDocument(buildServices(env), {
    bulkOrderId,
    access: { kind: 'signed-link' },
    format: f,
    dpi: f === 'zpl' ? 203 : undefined,
  });
}

/** Occurrences of `text` in a stream, on the bytes (Knuth-Morris-Pratt: a match may span two chunks). */
async function countUnits(body: ReadableStream<Uint8Array>, text: string): Promise<{ count: number; bytes: number }> {
  const needle = Uint8Array.from(text, (c) => c.charCodeAt(0));
  const fail = new Uint8Array(needle.length);
  for (let k = 1, m = 0; k < needle.length; k++) {
    while (m > 0 && needle[k] !== needle[m]) m = fail[m - 1] as number;
    if (needle[k] === needle[m]) m++;
    fail[k] = m;
  }
  let count = 0;
  let bytes = 0;
  let matched = 0;
  for await (const chunk of body) {
    bytes += chunk.byteLength;
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk[i];
      while (matched > 0 && c !== needle[matched]) matched = fail[matched - 1] as number;
      if (c === needle[matched]) matched++;
      if (matched === needle.length) {
        count++;
        matched = fail[matched - 1] as number;
      }
    }
  }
  return { count, bytes };
}
