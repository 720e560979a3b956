// `pnpm start`: the embedded default. Builds the front-ends if they are stale, then runs the Node entry (API, job
// runner, sandboxes and static front-ends on one port). Environment: see README.
import { register } from 'tsx/esm/api';
import { buildWeb } from './build-web.mjs';

await buildWeb();
register();
await import('../src/entries/node/main.ts');
