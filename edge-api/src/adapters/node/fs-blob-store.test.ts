import { readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fsBlobStore } from './fs-blob-store';
import { tempDir } from './test-support';

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

describe('fsBlobStore', () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  beforeEach(async () => {
    ({ dir, cleanup } = await tempDir());
  });
  afterEach(() => cleanup());

  it('stores bytes and their content type under DATA_DIR/blobs and reads them back', async () => {
    const store = fsBlobStore(dir);
    const pdf = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0, 255]);
    await store.put('labels/ord_1/label.pdf', pdf, 'application/pdf');
    const got = await store.get('labels/ord_1/label.pdf');
    expect(got?.contentType).toBe('application/pdf');
    expect(Array.from(got?.body ?? [])).toEqual(Array.from(pdf));
    expect(Array.from(await readFile(join(dir, 'blobs/data/labels/ord_1/label.pdf')))).toEqual(Array.from(pdf));
  });

  it('overwrites atomically and leaves no temp files behind', async () => {
    const store = fsBlobStore(dir);
    await store.put('a/b.txt', new TextEncoder().encode('one'), 'text/plain');
    await store.put('a/b.txt', new TextEncoder().encode('two'), 'text/csv');
    const got = await store.get('a/b.txt');
    expect(new TextDecoder().decode(got?.body)).toBe('two');
    expect(got?.contentType).toBe('text/csv');
    const files = await listFiles(join(dir, 'blobs'));
    expect(files.filter((f) => f.endsWith('.tmp'))).toEqual([]);
    expect(files).toHaveLength(2);
  });

  it('still writes when its directories were removed after an earlier write', async () => {
    const store = fsBlobStore(dir);
    await store.put('labels/a.pdf', new Uint8Array([1]), 'application/pdf');
    await rm(join(dir, 'blobs'), { recursive: true, force: true });
    await store.put('labels/b.pdf', new Uint8Array([2]), 'application/pdf');
    expect(Array.from((await store.get('labels/b.pdf'))?.body ?? [])).toEqual([2]);
    expect((await store.get('labels/b.pdf'))?.contentType).toBe('application/pdf');
  });

  it('answers null for a missing key and deletes idempotently', async () => {
    const store = fsBlobStore(dir);
    expect(await store.get('nope/x.pdf')).toBeNull();
    await store.put('x.pdf', new Uint8Array([1]), 'application/pdf');
    await store.delete('x.pdf');
    await store.delete('x.pdf');
    expect(await store.get('x.pdf')).toBeNull();
  });

  it('refuses keys that could escape the blob directory', async () => {
    const store = fsBlobStore(dir);
    for (const key of ['../escape', 'a/../../b', '/etc/passwd', 'a//b', '', 'a/./b', 'sp ace']) {
      await expect(store.put(key, new Uint8Array([1]), 'text/plain'), key).rejects.toThrow(/invalid blob key/);
      await expect(store.get(key), key).rejects.toThrow(/invalid blob key/);
    }
    expect(await readdir(dir)).toEqual([]);
  });
});
