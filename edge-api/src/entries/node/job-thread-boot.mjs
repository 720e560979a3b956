// The job thread's first module (see job-thread.ts): the app is TypeScript, run through tsx as `pnpm start` runs
// it, and a new thread needs tsx's loader registered before it can import the entry. Plain JS for that reason.
import { register } from 'tsx/esm/api';

register();
await import('./job-thread-entry.ts');
