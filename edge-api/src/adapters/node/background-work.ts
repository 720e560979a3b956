import type { Logger } from '../../lib/logger';

/**
 * Work the Node entry lets run after an answer (Services.waitUntil): tracked so a shutdown can wait for it instead of
 * cutting it off. The Workers counterpart is the invocation's `ctx.waitUntil`.
 */
export interface BackgroundWork {
  waitUntil(work: Promise<unknown>): void;
  /** How many are still running. */
  readonly pending: number;
  /** Resolves once everything handed in so far (and anything it hands in meanwhile) has settled. */
  settled(): Promise<void>;
}

export function backgroundWork(log: Logger): BackgroundWork {
  const running = new Set<Promise<void>>();
  return {
    waitUntil(work) {
      const tracked: Promise<void> = work
        .then(
          () => {},
          (err: unknown) => log.error('background.failed', { err }),
        )
        .finally(() => running.delete(tracked));
      running.add(tracked);
    },
    get pending() {
      return running.size;
    },
    async settled() {
      while (running.size > 0) await Promise.all(running);
    },
  };
}
