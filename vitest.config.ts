import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Node-side test layers: unit (beside the code), integration (real server over HTTP on a fresh database file),
 * workers-http (the Worker under wrangler dev with the sandboxes, over HTTP) and e2e (the embedded default driven in
 * Chromium). Worker tests inside workerd run in the workers pool (edge-api/vitest.workers.config.ts).
 */
/**
 * Files that take minutes, started before the rest of their project. Vitest starts the longest files first only when
 * it has their durations from an earlier run; a fresh clone has none and it starts the largest first. Then the
 * 10,000-row file (142 s on a quiet machine, 3 to 4 times the next one) started when half the integration layer was done and
 * ran alone at its end: in a 2-worker run at load 9-14 it ran from 322 s to 740 s while the other worker had finished
 * at 480 s (issue 20).
 */
const LONGEST_FILES = [
  'bulk-orders.ten-thousand.test.ts',
  'tracking-refresh-user.scale.test.ts',
  // e2e: a11y's 38 pages and modals took 211 s of the quiet run's 958 s of e2e test time; started tenth (by file
  // size), it ends a three-lane run about 16 s after the other lanes (338 against 322 s, replaying that run's times;
  // 481 against 479 s with two lanes).
  'a11y.e2e.test.ts',
];

class LongestFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      const i = LONGEST_FILES.findIndex((name) => spec.moduleId.endsWith(`/${name}`));
      return i === -1 ? LONGEST_FILES.length : i;
    };
    // Each project's files stay together and in the order vitest chose, but for the long ones moved to its front.
    const firstOfProject = new Map<string, number>();
    sorted.forEach((spec, i) => {
      if (!firstOfProject.has(spec.project.name)) firstOfProject.set(spec.project.name, i);
    });
    return sorted
      .map((spec, i) => ({ spec, project: firstOfProject.get(spec.project.name) ?? 0, rank: rank(spec), i }))
      .sort((a, b) => a.project - b.project || a.rank - b.rank || a.i - b.i)
      .map(({ spec }) => spec);
  }
}

/** e2e files run at once, each against its own embedded default. */
const E2E_LANES = Math.max(1, Number(process.env.E2E_LANES ?? 2));

export default defineConfig({
  test: {
    sequence: { sequencer: LongestFilesFirst },
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'edge-api/src/**/*.test.ts',
            'shell/src/**/*.test.ts',
            'mfe-*/src/**/*.test.ts',
          ],
          environment: 'node',
          // The files share their workers' module cache (each opens its own database file, and no file mocks a
          // module): re-importing every module per file was 147 of the layer's 349 s on this machine, 18 s without.
          isolate: false,
          // Many unit tests open a real database file or start a thread or a local server: vitest's default 5 s is
          // tight for those on a loaded 2-core machine. (A test that hangs still fails.)
          testTimeout: 15_000,
        },
      },
      {
        test: {
          // Component tests (*.test.tsx), run with the unit layer: each starts with `// @vitest-environment happy-dom`
          // and renders through @labeldesk/ui/testing (the kit's providers, a fresh QueryClient).
          name: 'components',
          include: ['packages/*/src/**/*.test.tsx', 'shell/src/**/*.test.tsx', 'mfe-*/src/**/*.test.tsx'],
          environment: 'node',
          // The files share their worker's modules and document (issue 20): importing Mantine, React and the pages
          // again for each isolated file was most of the layer's CPU. The setup file unmounts every render (portals
          // included) and restores the stubbed fetch after each test of each file, so nothing leaks into the next.
          isolate: false,
          setupFiles: ['packages/ui/src/testing-setup.ts'],
          testTimeout: 15_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['edge-api/test/integration/**/*.test.ts', 'packages/*/test/**/*.test.ts'],
          environment: 'node',
          // Each file starts its own server on a fresh data dir; the files share their worker's module cache instead
          // of importing the server's modules again for each of them (151 s of imports in the last CI run's 505 s;
          // 21 s without isolation on this machine, all 105 files passing).
          isolate: false,
          // Test servers hash passwords with cheap Argon2id parameters (lib/password.ts TEST_PASSWORD_PARAMS): ~270
          // registrations and logins at ~300 ms of CPU each were minutes of the run. Refused unless NODE_ENV=test;
          // auth.password-hashing.test.ts keeps one server at full strength.
          env: { TEST_FAST_PASSWORD_HASHING: 'true' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // expect.poll waits for background work (a job, a write after the answer): 10 s, not vitest's 1 s.
          expect: { poll: { timeout: 10_000 } },
        },
      },
      {
        test: {
          // The Worker under `wrangler dev` (workerd, offline) with both sandboxes, driven over HTTP: the operator path
          // of the README (edge-api/scripts/dev-worker.mjs). Part of `pnpm test:workers`.
          name: 'workers-http',
          include: ['edge-api/test/workers-http/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['shell/e2e/**/*.e2e.test.ts'],
          environment: 'node',
          globalSetup: ['shell/e2e/global-setup.ts'],
          testTimeout: 90_000,
          // A cold start builds the four front-ends first.
          hookTimeout: 300_000,
          // Two files at a time, each lane with its own Chromium and its own server (global-setup.ts starts one per
          // worker): a file mostly waits for its pages (a11y: 61 CPU s in 166 s), so two share the 2-core machine well.
          // E2E_LANES=1 runs one file at a time.
          maxWorkers: E2E_LANES,
          // A lane's files share its worker's modules, and so its Chromium (support/browser.ts): a new worker process
          // and a new browser per file were started 32 times a run (issue 20). No e2e file mocks a module or changes
          // the process's environment; each test still opens a fresh browser context, each file its own admin session.
          isolate: false,
          // Its own group: the other projects' worker count differs, and they run before it when run together.
          sequence: { groupOrder: 1 },
          // expect.poll waits for the screen to catch up with an action (a round trip to the server, a render): vitest's
          // default of 1 s is what a loaded machine can take for that. Page actions already wait up to 15 s.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
