import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Client, createClient } from '@libsql/client';

/** The edge-api package root: where `pnpm start:node` runs. */
export const EDGE_API = fileURLToPath(new URL('../../', import.meta.url));

export interface RunningMain {
  child: ChildProcess;
  url: string;
  /** Everything the process wrote to stdout and stderr so far. */
  output: () => string;
}

/** Spawns `tsx src/entries/node/main.ts` like `pnpm start:node` does, in a process of its own (so it can be killed). */
export function spawnMain(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'src/entries/node/main.ts'], {
    cwd: EDGE_API,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** Starts the Node entry and waits for it to say it is listening. */
export async function startMain(env: Record<string, string>): Promise<RunningMain> {
  const child = spawnMain(env);
  let out = '';
  child.stdout?.on('data', (d) => {
    out += String(d);
  });
  child.stderr?.on('data', (d) => {
    out += String(d);
  });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`not listening after 90 s:\n${out}`)), 90_000);
    const check = () => {
      const match = /listening on (http:\/\/\S+)/.exec(out);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code}:\n${out}`));
    });
  });
  return { child, url, output: () => out };
}

/** The exit code of `child` once it has exited (at once if it already has; null when killed by a signal). */
export function exitOf(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) =>
    child.exitCode !== null || child.signalCode ? resolve(child.exitCode) : child.once('exit', (code) => resolve(code)),
  );
}

/** A loopback port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * A data directory of its own with the Node entry run on it, stopped (SIGKILL for a crash, SIGTERM for a clean stop)
 * and started again on the same files: what the crash tests do. Each start listens on the same loopback port.
 */
export interface MainOnDisk {
  readonly dataDir: string;
  /** The process started last (throws before the first start). */
  readonly running: RunningMain;
  start(): Promise<RunningMain>;
  /** Sends `signal` to the running process and waits until it has exited. */
  stop(signal: 'SIGKILL' | 'SIGTERM'): Promise<void>;
  /** A libSQL client on the data directory's database file (close it when done). */
  openDb(): Client;
  /** Kills whatever still runs and removes the data directory (afterAll). */
  dispose(): Promise<void>;
}

export async function mainOnDisk(prefix: string, env: Record<string, string>): Promise<MainOnDisk> {
  const dataDir = await mkdtemp(join(tmpdir(), prefix));
  const fullEnv = { PORT: String(await freePort()), HOST: '127.0.0.1', DATA_DIR: dataDir, ...env };
  let current: RunningMain | undefined;
  const stop = async (signal: 'SIGKILL' | 'SIGTERM') => {
    if (!current) return;
    if (current.child.exitCode === null && !current.child.signalCode) current.child.kill(signal);
    await exitOf(current.child);
  };
  return {
    dataDir,
    get running() {
      if (!current) throw new Error('the Node entry was not started');
      return current;
    },
    start: async () => {
      current = await startMain(fullEnv);
      return current;
    },
    stop,
    openDb: () => createClient({ url: `file:${join(dataDir, 'labeldesk.db')}` }),
    dispose: async () => {
      await stop('SIGKILL');
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
