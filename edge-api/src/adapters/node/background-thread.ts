import { Worker } from 'node:worker_threads';

/**
 * A module statement that names the thread running it (Linux: its /proc/thread-self/comm, at most 15 bytes; elsewhere
 * nothing), so `top -H`, perf and the benches tell LabelDesk's threads apart instead of seeing "node" everywhere.
 */
export const nameThreadSource = (name: string): string =>
  `try { (await import('node:fs')).writeFileSync('/proc/thread-self/comm', ${JSON.stringify(name.slice(0, 15))}); } catch {}\n`;

/**
 * A thread the Node adapters hand work to (the blob writer, the WAL checkpointer), running an ES module given as source
 * text. The module comes from a data: URL, so it needs no file of its own and does not depend on how the parent was
 * started (an eval'd worker would take its module type from the parent's --input-type).
 *
 * Requests are answered by id: the thread gets `{ ...message, id }` and posts back `{ id, ...answer }`, or
 * `{ id, error: { message, code? } }` to fail it. Anything it posts without an id goes to `onEvent`. The thread starts
 * on the first request and is referenced only while answers are awaited, so an idle one never keeps the process alive.
 * If it stops, the requests it held fail, `onExit` is told, and the next request starts another.
 */
export interface BackgroundThreadOptions {
  /** What the thread is, in errors: "the <name> thread stopped (exit code 1)". */
  name: string;
  /** The OS thread's name (see nameThreadSource), as `top -H` and /proc show it: at most 15 characters. */
  threadName?: string;
  /** The module's source: it reads `workerData` and `parentPort` from node:worker_threads. */
  source: string;
  workerData?: unknown;
  /** What the thread posts without an id. */
  onEvent?: (event: Record<string, unknown>) => void;
  /** The thread stopped: it was ended, it failed, or its module finished. */
  onExit?: (code: number) => void;
}

export interface BackgroundThread {
  request<A = Record<string, unknown>>(message: Record<string, unknown>): Promise<A>;
  /** Lets the requests in flight finish (up to `graceMs`), then ends the thread. A later request starts another. */
  stop(graceMs: number): Promise<void>;
  /** The running thread, if any (tests end it to show what happens when it dies). */
  readonly worker: Worker | undefined;
}

interface Pending {
  resolve: (answer: Record<string, unknown>) => void;
  reject: (err: Error) => void;
}

interface Running {
  worker: Worker;
  pending: Map<number, Pending>;
  /** Called when its last request in flight settles (stop waits for it). */
  onDrained?: () => void;
  exited: boolean;
}

export function backgroundThread(options: BackgroundThreadOptions): BackgroundThread {
  const source = (options.threadName ? nameThreadSource(options.threadName) : '') + options.source;
  const url = new URL(`data:text/javascript,${encodeURIComponent(source)}`);
  let current: Running | undefined;
  let nextId = 1;

  function start(): Running {
    const running: Running = {
      worker: new Worker(url, { workerData: options.workerData }),
      pending: new Map(),
      exited: false,
    };
    const { worker, pending } = running;
    const settled = () => {
      if (pending.size > 0) return;
      worker.unref();
      running.onDrained?.();
    };
    worker.on('message', (message: { id?: number; error?: { message: string; code?: string } }) => {
      if (message.id === undefined) {
        options.onEvent?.(message);
        return;
      }
      const request = pending.get(message.id);
      if (!request) return;
      pending.delete(message.id);
      const { error } = message;
      if (error) request.reject(Object.assign(new Error(error.message), error.code ? { code: error.code } : {}));
      else request.resolve(message);
      settled();
    });
    const failAll = (err: Error) => {
      for (const request of pending.values()) request.reject(err);
      pending.clear();
      settled();
    };
    worker.on('error', failAll);
    worker.on('exit', (code) => {
      running.exited = true;
      if (current === running) current = undefined;
      failAll(new Error(`the ${options.name} thread stopped (exit code ${code})`));
      options.onExit?.(code);
    });
    worker.unref();
    return running;
  }

  return {
    request<A>(message: Record<string, unknown>): Promise<A> {
      if (!current || current.exited) current = start();
      const { worker, pending } = current;
      const id = nextId++;
      return new Promise<A>((resolve, reject) => {
        try {
          worker.postMessage({ ...message, id });
        } catch (err) {
          return reject(err);
        }
        pending.set(id, { resolve: resolve as (answer: Record<string, unknown>) => void, reject });
        worker.ref();
      });
    },
    async stop(graceMs: number): Promise<void> {
      const running = current;
      current = undefined;
      if (!running) return;
      if (running.pending.size > 0) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, graceMs);
          running.onDrained = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
      await running.worker.terminate();
    },
    get worker() {
      return current?.worker;
    },
  };
}
