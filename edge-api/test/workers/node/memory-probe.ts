import { readdirSync, readFileSync, writeFileSync } from 'node:fs';

/**
 * The memory of the workerd process the Workers tests run in, for a test to bound (bulk-labels.test.ts): a Worker
 * cannot read its own heap, local workerd enforces no isolate memory limit, and V8 flags such as --max-old-space-size
 * count the JS heap only — not the ArrayBuffers a label document is made of (the in-memory merge of 2,000 labels of
 * 50 KiB ran under a 24 MB old-space limit). The resident memory of the process counts everything, so this service
 * binding (a Miniflare function binding: it runs here in Node, where the pool started workerd) answers
 * - POST /reset: the peak (VmHWM) starts again from the current resident memory (Linux: `5` > /proc/PID/clear_refs);
 * - GET /peak: { rss, peak } in bytes (VmRSS, VmHWM) of the workerd processes this process started.
 * The figure is the whole process's (the isolate and Miniflare's local D1 and R2): an upper bound of the isolate's.
 * Without Linux's /proc it answers 501 (the test then fails with that message: it cannot measure).
 */
function workerdPids(): string[] {
  return readdirSync('/proc').filter((pid) => {
    if (!/^\d+$/.test(pid)) return false;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      return ppid === process.pid && stat.includes('(workerd');
    } catch {
      return false; // a process that ended meanwhile
    }
  });
}

export async function memoryProbe(request: Request): Promise<Response> {
  try {
    const pids = workerdPids();
    if (pids.length === 0) return new Response('no workerd process found', { status: 501 });
    if (request.method === 'POST') {
      for (const pid of pids) writeFileSync(`/proc/${pid}/clear_refs`, '5');
      return new Response(null, { status: 204 });
    }
    let rss = 0;
    let peak = 0;
    for (const pid of pids) {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      rss += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
      peak += Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
    }
    return Response.json({ rss, peak });
  } catch (err) {
    return new Response(`cannot read the workerd process's memory: ${String(err)}`, { status: 501 });
  }
}
