import { randomBytes } from 'node:crypto';
import { chmod, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Session tokens' HS256 key (JWT_SECRET). */
export const JWT_SECRET_FILE = 'jwt-secret';
/**
 * Seals provider API keys (PROVIDER_KEY_SECRET). Losing the file (or changing the secret) makes the stored keys
 * unreadable: admins then enter them again.
 */
export const PROVIDER_KEY_SECRET_FILE = 'provider-key-secret';
/**
 * Keys the public API keys' lookup hashes and seals (API_KEY_SECRET). Losing the file (or changing the secret) makes
 * every issued API key unknown: customers then generate new ones.
 */
export const API_KEY_SECRET_FILE = 'api-key-secret';

/**
 * The configured secret, else the one kept in DATA_DIR/<file>, else a new random one written there with mode 0600 —
 * so the embedded default keeps sessions and sealed keys across restarts with nothing to configure.
 */
export async function loadOrCreateLocalSecret(
  dataDir: string,
  file: typeof JWT_SECRET_FILE | typeof PROVIDER_KEY_SECRET_FILE | typeof API_KEY_SECRET_FILE,
  configured: string | undefined,
): Promise<string> {
  if (configured) return configured;
  const path = join(dataDir, file);
  const existing = await readSecret(path);
  if (existing) return existing;
  const secret = randomBytes(48).toString('base64url');
  try {
    await writeFile(path, `${secret}\n`, { flag: 'wx', mode: 0o600 });
    await chmod(path, 0o600);
    return secret;
  } catch (err) {
    // Another process created it first: use theirs.
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') {
      const theirs = await readSecret(path);
      if (theirs) return theirs;
    }
    throw err;
  }
}

async function readSecret(path: string): Promise<string | undefined> {
  try {
    const text = (await readFile(path, 'utf8')).trim();
    if (text.length < 32) throw new Error(`${path} holds a secret shorter than 32 characters; delete it or fix it`);
    return text;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}
