import { readdirSync, readFileSync, readlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { listenOnLoopback } from './loopback';

/**
 * The resident memory of the workerd process a Worker test runs in, for the test to bound (bulk-labels.test.ts): a
 * Worker cannot read its own heap, local workerd enforces no isolate memory limit, and V8 flags such as
 * --max-old-space-size count the JS heap only, not the ArrayBuffers a label document is made of. The process's resident
 * memory counts everything (the isolate, and Miniflare's local D1 and R2, which run in the same process): an upper bound
 * of the isolate's.
 *
 * A plain loopback HTTP server started in Node by the global setup, which the test reaches with its own fetch (workerd
 * connects to it directly, as it does to the other stand-ins). Not a Miniflare function service binding: in the pool
 * those answered "Network connection lost" on the first call (0e3cde7, reverted in 63b7777). The process is the one that
 * opened the connection the request came on: its local port is looked up in /proc/net/tcp (the socket's inode), and the
 * inode among the fds of the workerd processes; so with several workerd runtimes, the right one is measured.
 *
 * - POST /reset: the peak (VmHWM) starts again from the current resident memory (`5` > /proc/PID/clear_refs), and
 *   answers { pid, rss } (bytes) after the reset;
 * - GET /: { pid, rss, peak } (VmRSS, VmHWM in bytes).
 * Anything that cannot be measured (no /proc, no workerd process owning the connection) answers 501 with the reason.
 */
function socketInode(localPort: number, remotePort: number): string | undefined {
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string;
    try {
      text = readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      // local_address and rem_address are "IP:PORT" in hex; the inode is the tenth field.
      const port = (field: string | undefined) => Number.parseInt(field?.split(':')[1] ?? '', 16);
      if (port(fields[1]) === localPort && port(fields[2]) === remotePort && fields[9] && fields[9] !== '0') {
        return fields[9];
      }
    }
  }
  return undefined;
}

function processName(pid: string): string {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return '';
  }
}

/** The workerd process holding the socket with this inode. */
function workerdOwning(inode: string): string | undefined {
  const target = `socket:[${inode}]`;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid) || processName(pid) !== 'workerd') continue;
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue; // not ours, or ended meanwhile
    }
    for (const fd of fds) {
      try {
        if (readlinkSync(`/proc/${pid}/fd/${fd}`) === target) return pid;
      } catch {
        // closed meanwhile
      }
    }
  }
  return undefined;
}

function memoryOf(pid: string): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? Number.NaN);
  return { rss: kib('VmRSS') * 1024, peak: kib('VmHWM') * 1024 };
}

export async function startMemoryProbe() {
  const server = createServer((req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', connection: 'close' });
      res.end(JSON.stringify(body));
    };
    req.resume();
    req.on('end', () => {
      try {
        // The client's end of this connection: local port = our remote port, remote port = our local port.
        const inode = socketInode(req.socket.remotePort ?? 0, req.socket.localPort ?? 0);
        const pid = inode && workerdOwning(inode);
        if (!pid) return send(501, { error: 'no workerd process owns the connection this request came on' });
        if (req.method === 'POST') writeFileSync(`/proc/${pid}/clear_refs`, '5');
        const { rss, peak } = memoryOf(pid);
        return send(200, { pid: Number(pid), rss, peak });
      } catch (err) {
        return send(501, { error: `cannot read the workerd process's memory: ${String(err)}` });
      }
    });
  });
  // Every answer closes its connection: no idle keep-alive socket for workerd to reuse after Node closed it.
  server.keepAliveTimeout = 0;
  return listenOnLoopback(server);
}
