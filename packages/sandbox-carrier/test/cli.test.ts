import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { client, type ServiceBody, tempDir } from './helpers';

const pkgDir = fileURLToPath(new URL('..', import.meta.url));
const tsxCli = createRequire(import.meta.url).resolve('tsx/cli');

let child: ChildProcess | undefined;
const dirs: Array<{ remove(): void }> = [];
afterEach(() => {
  child?.kill('SIGTERM');
  child = undefined;
  for (const d of dirs.splice(0)) d.remove();
});

function waitForLines(proc: ChildProcess, count: number): Promise<string[]> {
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`CLI did not start: ${out}`)), 20_000);
    proc.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const lines = out.split('\n').filter(Boolean);
      if (lines.length >= count) {
        clearTimeout(timer);
        resolve(lines);
      }
    });
    proc.once('exit', (code) => reject(new Error(`CLI exited with ${code}: ${out}`)));
  });
}

describe('src/main.ts', () => {
  it('serves both catalogues from the environment and stops on SIGTERM', async () => {
    const data = tempDir();
    dirs.push(data);
    child = spawn(process.execPath, [tsxCli, 'src/main.ts'], {
      cwd: pkgDir,
      env: {
        ...process.env,
        PORT: '0',
        DATA_DIR: data.dir,
        LATENCY_MS: '5-10',
        FAILURE_RATE: '0',
        API_KEY_BETA: 'sk_env_beta',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const lines = await waitForLines(child, 3);
    const url = /listening on (http:\/\/\S+)/.exec(lines[0] ?? '')?.[1];
    expect(url).toBeDefined();
    const alphaLine = /base URL (\S+)\s+X-Api-Key: (\S+)/.exec(lines[1] ?? '');
    expect(alphaLine?.[1]).toBe(`${url}/catalogues/alpha`);
    expect(lines[2]).toContain('X-Api-Key: sk_env_beta');

    const services = await client(alphaLine?.[1] ?? '', alphaLine?.[2] ?? '').get<{ services: ServiceBody[] }>(
      '/v1/services',
    );
    expect(services.status).toBe(200);
    expect(services.body.services.length).toBeGreaterThan(10);

    const exited = new Promise<number | null>((resolve) => child?.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    child = undefined;
  });
});
