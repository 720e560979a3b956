import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AuthResponse, ErrorBody } from '@labeldesk/contracts';
import { type RunningServer, type StartServerOptions, startServer } from '../../src/entries/node/server';

export const ADMIN_EMAIL = 'admin@example.test';
export const ADMIN_PASSWORD = 'admin-password-123';
export const JWT_SECRET = 'integration-test-secret-0123456789abcdef';

export interface TestServer extends RunningServer {
  dataDir: string;
  logs: string[];
  /** Closes the server and deletes its data directory. */
  stop(): Promise<void>;
}

/** Starts the real Node server on a random port with a fresh temp DATA_DIR. */
export async function startTestServer(opts: StartServerOptions = {}): Promise<TestServer> {
  const dataDir = opts.dataDir ?? (await mkdtemp(join(tmpdir(), 'labeldesk-it-')));
  const logs: string[] = [];
  const server = await startServer({
    port: 0,
    host: '127.0.0.1',
    adminEmail: ADMIN_EMAIL,
    adminPassword: ADMIN_PASSWORD,
    jwtSecret: JWT_SECRET,
    log: (line) => logs.push(line),
    // Cheap Argon2id when the suite asks for it (vitest.config.ts sets it for integration; see lib/password.ts).
    testFastPasswordHashing: process.env.TEST_FAST_PASSWORD_HASHING,
    // Jobs inline: the job thread loads the app's modules again (seconds of CPU at each start, 130 servers a run);
    // jobs.thread.test.ts and the files that start main.ts in a process of their own run it as the default does.
    jobThread: 'off',
    ...opts,
    dataDir,
  });
  return {
    ...server,
    dataDir,
    logs,
    async stop() {
      await server.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export interface CallOptions {
  token?: string | undefined;
  /** Sent as JSON (Content-Type: application/json). */
  json?: unknown;
  /** Sent as-is (set the content type yourself in `headers`). */
  raw?: string | Uint8Array;
  headers?: Record<string, string>;
}

export interface CallResult {
  status: number;
  headers: Headers;
  /** Parsed JSON body, or undefined when the body is not JSON. */
  body: unknown;
  text: string;
}

/** One HTTP call to the server with fetch. */
export async function call(server: { url: string }, method: string, path: string, opts: CallOptions = {}) {
  const headers: Record<string, string> = { Accept: 'application/json', ...opts.headers };
  let body: string | Uint8Array | undefined;
  if (opts.json !== undefined) {
    headers['Content-Type'] ??= 'application/json';
    body = JSON.stringify(opts.json);
  } else if (opts.raw !== undefined) {
    body = opts.raw;
  }
  if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
  const res = await fetch(`${server.url}${path}`, { method, headers, body });
  const text = await res.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  return { status: res.status, headers: res.headers, body: parsed, text } satisfies CallResult;
}

/** The body as the house error shape (fails the test if it is not one). */
export function errorOf(result: CallResult): ErrorBody {
  return ErrorBody.parse(result.body);
}

export async function register(
  server: { url: string },
  input: { name: string; email: string; password: string },
  headers?: Record<string, string>,
): Promise<AuthResponse> {
  const res = await call(server, 'POST', '/api/auth/register', { json: input, ...(headers ? { headers } : {}) });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${res.text}`);
  return AuthResponse.parse(res.body);
}

export async function login(server: { url: string }, email: string, password: string): Promise<AuthResponse> {
  const res = await call(server, 'POST', '/api/auth/login', { json: { email, password } });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${res.text}`);
  return AuthResponse.parse(res.body);
}

export function loginAdmin(server: { url: string }): Promise<AuthResponse> {
  return login(server, ADMIN_EMAIL, ADMIN_PASSWORD);
}
