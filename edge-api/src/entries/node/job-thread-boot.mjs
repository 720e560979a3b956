// The job thread's first module (see job-thread.ts): the app is TypeScript, run through tsx as `pnpm start` runs
// it, and a new thread needs tsx's loader registered before it can import the entry. Plain JS for that reason.
import { writeFileSync } from 'node:fs';
import { register } from 'tsx/esm/api';

register();
// Named as `top -H`, perf and the benches show it (Linux; elsewhere nothing; see nameThreadSource), after tsx started
// its loader thread: a thread takes the name of the thread that starts it.
try {
  writeFileSync('/proc/thread-self/comm', 'ld-jobs');
} catch {}
await import('./job-thread-entry.ts');
