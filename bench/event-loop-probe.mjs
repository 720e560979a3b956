// Preloaded into a server a bench starts (NODE_OPTIONS=--import <this file>; see support.mjs `eventLoopProbe`): it
// measures the server's event-loop delay (perf_hooks.monitorEventLoopDelay, 10 ms resolution) and, on each SIGUSR2,
// writes what it measured since the previous signal to `${BENCH_EVENT_LOOP_FILE}.${n}` (n = 1, 2, …) and starts
// again. The delay is how long a ready callback (a request's, a job's) waits for the loop: it does not depend on how
// busy the rest of the machine is in the way wall times do. With BENCH_CPU_PROF=<dir>, each period is also CPU-profiled
// (node:inspector; `--cpu-prof` is not allowed in NODE_OPTIONS) into <dir>/period-<n>.cpuprofile.
// Nothing in the product loads this file.
import { renameSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const out = process.env.BENCH_EVENT_LOOP_FILE;
const profileDir = process.env.BENCH_CPU_PROF;
if (out) {
  const RESOLUTION_MS = 10;
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  histogram.enable();
  let n = 0;
  // The histogram holds the time between two ticks of its 10 ms timer: the delay is what exceeds the 10 ms.
  const ms = (ns) => Math.max(0, Math.round((ns / 1e6 - RESOLUTION_MS) * 100) / 100);
  let session;
  if (profileDir) {
    session = new Session();
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.start');
  }
  process.on('SIGUSR2', async () => {
    n += 1;
    const stats = {
      samples: histogram.count,
      meanMs: ms(histogram.mean),
      p50Ms: ms(histogram.percentile(50)),
      p95Ms: ms(histogram.percentile(95)),
      p99Ms: ms(histogram.percentile(99)),
      maxMs: ms(histogram.max),
    };
    histogram.reset();
    if (session) {
      const { profile } = await session.post('Profiler.stop');
      writeFileSync(join(profileDir, `period-${n}.cpuprofile`), JSON.stringify(profile));
      await session.post('Profiler.start');
    }
    // Written whole, then renamed: the bench never reads half a file.
    writeFileSync(`${out}.${n}.tmp`, JSON.stringify(stats));
    renameSync(`${out}.${n}.tmp`, `${out}.${n}`);
  });
}
