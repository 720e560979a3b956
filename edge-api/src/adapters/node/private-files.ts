import { chmodSync, closeSync, mkdirSync, openSync } from 'node:fs';

/**
 * Owner-only modes for everything under DATA_DIR: it holds the database (balances, password hashes), the label PDFs
 * and the generated secrets. A mode given to mkdir/open is only ever narrowed by the umask, never widened, so files
 * created with these modes are at most owner-only whatever the umask; what already exists is narrowed with chmod.
 */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Creates the directory (and missing parents) owner-only, and makes an existing one owner-only. */
export function ensurePrivateDir(path: string): void {
  mkdirSync(path, { recursive: true, mode: PRIVATE_DIR_MODE });
  chmodSync(path, PRIVATE_DIR_MODE);
}

/**
 * Creates the file empty and owner-only if it is missing, and makes an existing one owner-only. For the database file:
 * SQLite creates it 0644 (minus the umask) otherwise, and gives its -wal and -shm files the database file's mode.
 */
export function ensurePrivateFile(path: string): void {
  closeSync(openSync(path, 'a', PRIVATE_FILE_MODE));
  chmodSync(path, PRIVATE_FILE_MODE);
}

/** Makes the file owner-only if it exists (e.g. a -wal file left by an earlier version). */
export function restrictIfExists(path: string): void {
  try {
    chmodSync(path, PRIVATE_FILE_MODE);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
}
