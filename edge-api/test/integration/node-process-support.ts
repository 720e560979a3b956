import { type ChildProcess, spawn } from 'node:child_process';
import { type AddressInfo, createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

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
