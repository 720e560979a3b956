// The workerd processes Miniflare starts for a bench, seen from /proc (their CPU time and resident memory), and a CDP
// session over a workerd inspector's WebSocket. Used by bench/bulk-labels-workerd.mjs.

import { readdirSync, readFileSync, writeFileSync } from 'node:fs';

/** CPU time (user + system, ms) of the workerd processes this process started (Miniflare's runtime). */
export function workerdCpuMs() {
  let total = 0;
  for (const pid of workerdPids()) {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    total += ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // clock ticks (USER_HZ 100 on Linux)
  }
  return total;
}

/** The workerd processes this process started (Miniflare's runtime). */
export function workerdPids() {
  return readdirSync('/proc').filter((pid) => {
    if (!/^\d+$/.test(pid)) return false;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return Number(fields[1]) === process.pid && stat.includes('(workerd');
    } catch {
      return false; // a process that ended meanwhile
    }
  });
}

/** Resident memory of the workerd processes: now (VmRSS) and the peak since the last reset (VmHWM), in bytes. */
export function workerdRss() {
  let rss = 0;
  let peak = 0;
  for (const pid of workerdPids()) {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    rss += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
    peak += Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
  }
  return { rss, peak };
}

/** Starts the peak (VmHWM) again from the current resident memory (Linux: 5 > clear_refs); false if not allowed. */
export function resetWorkerdPeak() {
  try {
    for (const pid of workerdPids()) writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

/** A CDP session over the inspector's WebSocket. */
export async function inspect(url) {
  const ws = new WebSocket(url);
  await new Promise((resolve, reject) => {
    ws.addEventListener('open', resolve, { once: true });
    ws.addEventListener('error', () => reject(new Error(`cannot open the inspector at ${url}`)), { once: true });
  });
  let nextId = 1;
  const waiting = new Map();
  ws.addEventListener('message', (event) => {
    const message = JSON.parse(String(event.data));
    const pending = message.id && waiting.get(message.id);
    if (!pending) return;
    waiting.delete(message.id);
    if (message.error) pending.reject(new Error(`${pending.method}: ${message.error.message}`));
    else pending.resolve(message.result);
  });
  return {
    send(method, params = {}) {
      const id = nextId++;
      ws.send(JSON.stringify({ id, method, params }));
      return new Promise((resolve, reject) => waiting.set(id, { resolve, reject, method }));
    },
    close: () => ws.close(),
  };
}
