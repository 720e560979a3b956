import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ReadBuffer } from '../../ports/blob-store';
import { type FsBlobStore, fsBlobStore } from './fs-blob-store';
import { tempDir } from './test-support';

/** Byte equality without an element-by-element deep compare (slow on large arrays). */
const sameBytes = (a: Uint8Array | undefined, b: Uint8Array) =>
  a !== undefined && Buffer.from(a).equals(Buffer.from(b));

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

describe('fsBlobStore', () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  const stores: FsBlobStore[] = [];
  const open = (root: string) => {
    const store = fsBlobStore(root);
    stores.push(store);
    return store;
  };
  beforeEach(async () => {
    ({ dir, cleanup } = await tempDir());
  });
  afterEach(async () => {
    await Promise.all(stores.splice(0).map((s) => s.close()));
    await cleanup();
  });

  it('stores bytes and their content type under DATA_DIR/blobs and reads them back', async () => {
    const store = open(dir);
    const pdf = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0, 255]);
    await store.put('labels/ord_1/label.pdf', pdf, 'application/pdf');
    const got = await store.get('labels/ord_1/label.pdf');
    expect(got?.contentType).toBe('application/pdf');
    expect(Array.from(got?.body ?? [])).toEqual(Array.from(pdf));
    expect(Array.from(await readFile(join(dir, 'blobs/data/labels/ord_1/label.pdf')))).toEqual(Array.from(pdf));
  });

  it('overwrites atomically and leaves no temp files behind', async () => {
    const store = open(dir);
    await store.put('a/b.txt', new TextEncoder().encode('one'), 'text/plain');
    await store.put('a/b.txt', new TextEncoder().encode('two'), 'text/csv');
    const got = await store.get('a/b.txt');
    expect(new TextDecoder().decode(got?.body)).toBe('two');
    expect(got?.contentType).toBe('text/csv');
    const files = await listFiles(join(dir, 'blobs'));
    expect(files.filter((f) => f.endsWith('.tmp'))).toEqual([]);
    expect(files).toHaveLength(2);
  });

  it('keeps a label as one file: its extension names its type, and a meta file only for another type', async () => {
    const store = open(dir);
    await store.put('labels/ord_1.pdf', new Uint8Array([1]), 'application/pdf');
    await store.put('labels/ord_1.png', new Uint8Array([2]), 'image/png');
    await store.put('labels/ord_1.zpl', new Uint8Array([3]), 'application/zpl');
    expect((await listFiles(join(dir, 'blobs'))).map((f) => f.slice(dir.length))).toEqual(
      expect.arrayContaining(['/blobs/data/labels/ord_1.pdf', '/blobs/data/labels/ord_1.png']),
    );
    expect(await listFiles(join(dir, 'blobs'))).toHaveLength(3);
    expect((await store.get('labels/ord_1.pdf'))?.contentType).toBe('application/pdf');
    expect((await store.get('labels/ord_1.png'))?.contentType).toBe('image/png');
    expect((await store.get('labels/ord_1.zpl'))?.contentType).toBe('application/zpl');
    expect((await store.getStream('labels/ord_1.pdf'))?.contentType).toBe('application/pdf');

    // Another type under a .pdf key: kept in a meta file, which wins; the type its extension names again: meta removed.
    await store.put('labels/odd.pdf', new Uint8Array([4]), 'application/octet-stream');
    expect((await store.get('labels/odd.pdf'))?.contentType).toBe('application/octet-stream');
    await store.put('labels/odd.pdf', new Uint8Array([5]), 'application/pdf');
    expect((await store.get('labels/odd.pdf'))?.contentType).toBe('application/pdf');
    expect(await listFiles(join(dir, 'blobs', 'meta'))).toEqual([]);

    // A blob stored before (with its meta file) reads as it was stored; one with neither reads as bytes.
    await store.put('older/ord_2.bin', new Uint8Array([6]), 'application/pdf');
    writeFileSync(join(dir, 'blobs', 'data', 'older', 'ord_3.pdf'), 'x');
    writeFileSync(join(dir, 'blobs', 'meta', 'older', 'ord_3.pdf.json'), JSON.stringify({ contentType: 'text/plain' }));
    writeFileSync(join(dir, 'blobs', 'data', 'older', 'ord_4'), 'y');
    expect((await store.get('older/ord_2.bin'))?.contentType).toBe('application/pdf');
    expect((await store.get('older/ord_3.pdf'))?.contentType).toBe('text/plain');
    expect((await store.get('older/ord_4'))?.contentType).toBe('application/octet-stream');

    // A streamed document under a .pdf key: one file too.
    const writer = await store.createWriter('bulk-labels/blk_1-2.pdf', 'application/pdf');
    await writer.write(new Uint8Array([7, 8]));
    await writer.close();
    expect((await store.get('bulk-labels/blk_1-2.pdf'))?.contentType).toBe('application/pdf');
    expect(await listFiles(join(dir, 'blobs', 'meta', 'bulk-labels')).catch(() => [])).toEqual([]);
  });

  it('writeHere: writes on the calling thread, the same way, and starts no writer thread', async () => {
    /** This process's threads named as the writer thread names itself (Linux: /proc). */
    const writerThreads = async () => {
      const names = await Promise.all(
        (await readdir('/proc/self/task')).map((tid) =>
          readFile(`/proc/self/task/${tid}/comm`, 'utf8').catch(() => ''),
        ),
      );
      return names.filter((name) => name.trim() === 'ld-blob-writer').length;
    };
    const here = fsBlobStore(dir, { writeHere: true });
    stores.push(here);
    const body = new Uint8Array(20_000).fill(5);
    await Promise.all(Array.from({ length: 20 }, (_, i) => here.put(`here/${i}.pdf`, body, 'application/pdf')));
    await here.put('here/odd.txt', new Uint8Array([1]), 'text/plain');
    expect(await writerThreads()).toBe(0);
    for (let i = 0; i < 20; i++) expect(sameBytes((await here.get(`here/${i}.pdf`))?.body, body)).toBe(true);
    expect((await here.get('here/odd.txt'))?.contentType).toBe('text/plain');
    expect((await listFiles(join(dir, 'blobs'))).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    // A failed write rejects with its cause, as on the writer thread.
    writeFileSync(join(dir, 'blobs', 'data', 'here', 'blocked'), 'not a folder');
    await expect(here.put('here/blocked/b.pdf', new Uint8Array([2]), 'application/pdf')).rejects.toMatchObject({
      code: expect.stringMatching(/^(ENOTDIR|EEXIST)$/),
    });

    // The default store hands its writes to a thread, which names itself.
    const threaded = open(dir);
    await threaded.put('threaded/1.pdf', body, 'application/pdf');
    expect(await writerThreads()).toBe(1);
  });

  it('writes a blob as a stream: nothing shows under the key until close, then all of it, streamed back', async () => {
    const store = open(dir);
    await store.put('docs/big.pdf', new TextEncoder().encode('old'), 'application/pdf');
    const writer = await store.createWriter('docs/big.pdf', 'application/pdf');
    // 2.5 MiB in chunks of 100,000 bytes: more than two of the writer's 1 MiB file writes.
    const chunk = (i: number) => new Uint8Array(100_000).fill(i % 251);
    for (let i = 0; i < 26; i++) await writer.write(chunk(i));
    expect(new TextDecoder().decode((await store.get('docs/big.pdf'))?.body)).toBe('old');
    await writer.close();
    const streamed = await store.getStream('docs/big.pdf');
    expect(streamed?.size).toBe(2_600_000);
    expect(streamed?.contentType).toBe('application/pdf');
    const body = new Uint8Array(await new Response(streamed?.body).arrayBuffer());
    expect(body.byteLength).toBe(2_600_000);
    for (let i = 0; i < 26; i++) expect(body[i * 100_000]).toBe(i % 251);
    expect((await listFiles(join(dir, 'blobs'))).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    expect(await store.getStream('docs/missing.pdf')).toBeNull();
  });

  it('drops an aborted stream and keeps what was under the key', async () => {
    const store = open(dir);
    await store.put('docs/a.zpl', new TextEncoder().encode('^XA^XZ'), 'application/zpl');
    const writer = await store.createWriter('docs/a.zpl', 'application/zpl');
    await writer.write(new Uint8Array(2_000_000));
    await writer.abort();
    expect(new TextDecoder().decode((await store.get('docs/a.zpl'))?.body)).toBe('^XA^XZ');
    expect((await listFiles(join(dir, 'blobs'))).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('still writes when its directories were removed after an earlier write', async () => {
    const store = open(dir);
    await store.put('labels/a.pdf', new Uint8Array([1]), 'application/pdf');
    await rm(join(dir, 'blobs'), { recursive: true, force: true });
    await store.put('labels/b.pdf', new Uint8Array([2]), 'application/pdf');
    expect(Array.from((await store.get('labels/b.pdf'))?.body ?? [])).toEqual([2]);
    expect((await store.get('labels/b.pdf'))?.contentType).toBe('application/pdf');
  });

  it('lists the keys under a prefix, not a write still in progress, and nothing for a missing folder', async () => {
    const store = open(dir);
    for (const key of ['bulk-labels/blk_a-2.pdf', 'bulk-labels/blk_a-2-f00d-letter.pdf', 'bulk-labels/blk_b-2.pdf']) {
      await store.put(key, new Uint8Array([1]), 'application/pdf');
    }
    const writing = await store.createWriter('bulk-labels/blk_a-3.pdf', 'application/pdf');
    await writing.write(new Uint8Array([1, 2]));
    expect((await store.list('bulk-labels/blk_a-')).sort()).toEqual([
      'bulk-labels/blk_a-2-f00d-letter.pdf',
      'bulk-labels/blk_a-2.pdf',
    ]);
    await writing.close();
    expect(await store.list('bulk-labels/blk_a-')).toContain('bulk-labels/blk_a-3.pdf');
    expect(await store.list('exports/x-')).toEqual([]);
    await expect(store.list('../x')).rejects.toThrow(/invalid blob key/);
  });

  it('reads blobs one after the other into one reused buffer, growing it only for a larger blob', async () => {
    const store = open(dir);
    const small = new Uint8Array(3000).map((_, i) => i % 251);
    const large = new Uint8Array(200_000).map((_, i) => (i * 7) % 256);
    await store.put('labels/a.pdf', small, 'application/pdf');
    await store.put('labels/b.pdf', large, 'application/pdf');
    await store.put('labels/c.pdf', small.subarray(0, 1000), 'application/pdf');
    const into = new ReadBuffer();

    const a = await store.getBytes('labels/a.pdf', into);
    expect(sameBytes(a ?? undefined, small)).toBe(true);
    expect(a?.buffer).toBe(into.buffer); // read into the buffer, not a new one
    const b = await store.getBytes('labels/b.pdf', into);
    expect(sameBytes(b ?? undefined, large)).toBe(true);
    const grown = into.buffer;
    expect(b?.buffer).toBe(grown);
    const c = await store.getBytes('labels/c.pdf', into);
    expect(sameBytes(c ?? undefined, small.subarray(0, 1000))).toBe(true);
    expect(c?.buffer).toBe(grown); // a smaller blob reuses the grown buffer
    expect(await store.getBytes('labels/missing.pdf', into)).toBeNull();
    // Without a buffer, each read is a buffer of its own.
    const own = await store.getBytes('labels/a.pdf');
    expect(own?.buffer).not.toBe(grown);
    expect(sameBytes(own ?? undefined, small)).toBe(true);
  });

  it("reads a blob of exactly the first read's size, and one a byte larger, whole into a new buffer", async () => {
    // The first read asks for 64 KiB: a blob that fills it is asked its size, one byte more is read again grown.
    const store = open(dir);
    const exact = new Uint8Array(64 * 1024).map((_, i) => (i * 13) % 256);
    const over = new Uint8Array(64 * 1024 + 1).map((_, i) => (i * 5 + 1) % 256);
    await store.put('labels/exact.pdf', exact, 'application/pdf');
    await store.put('labels/over.pdf', over, 'application/pdf');
    const first = new ReadBuffer();
    expect(sameBytes((await store.getBytes('labels/exact.pdf', first)) ?? undefined, exact)).toBe(true);
    expect(sameBytes((await store.getBytes('labels/over.pdf', first)) ?? undefined, over)).toBe(true);
    const fresh = new ReadBuffer();
    expect(sameBytes((await store.getBytes('labels/over.pdf', fresh)) ?? undefined, over)).toBe(true);
    expect(fresh.buffer.byteLength).toBeGreaterThanOrEqual(over.length);
    expect(sameBytes((await store.getBytes('labels/exact.pdf', fresh)) ?? undefined, exact)).toBe(true);
  });

  it('answers null for a missing key and deletes idempotently', async () => {
    const store = open(dir);
    expect(await store.get('nope/x.pdf')).toBeNull();
    await store.put('x.pdf', new Uint8Array([1]), 'application/pdf');
    await store.delete('x.pdf');
    await store.delete('x.pdf');
    expect(await store.get('x.pdf')).toBeNull();
  });

  it('refuses keys that could escape the blob directory', async () => {
    const store = open(dir);
    for (const key of ['../escape', 'a/../../b', '/etc/passwd', 'a//b', '', 'a/./b', 'sp ace']) {
      await expect(store.put(key, new Uint8Array([1]), 'text/plain'), key).rejects.toThrow(/invalid blob key/);
      await expect(store.get(key), key).rejects.toThrow(/invalid blob key/);
    }
    expect(await readdir(dir)).toEqual([]);
  });

  it('a write that fails rejects with its cause and writes nothing; the store goes on writing', async () => {
    const store = open(dir);
    await store.put('labels/a.pdf', new Uint8Array([1]), 'application/pdf');
    // A file where the next key's folder should be.
    writeFileSync(join(dir, 'blobs', 'data', 'labels', 'blocked'), 'not a folder');
    await expect(store.put('labels/blocked/b.pdf', new Uint8Array([2]), 'application/pdf')).rejects.toMatchObject({
      code: expect.stringMatching(/^(ENOTDIR|EEXIST)$/),
    });
    expect(await store.get('labels/blocked/b.pdf')).toBeNull();
    await store.put('labels/c.pdf', new Uint8Array([3]), 'application/pdf');
    expect(Array.from((await store.get('labels/c.pdf'))?.body ?? [])).toEqual([3]);
  });

  it('writes again after close (the writer thread starts anew)', async () => {
    const store = open(dir);
    await store.put('x/1.bin', new Uint8Array([1]), 'application/octet-stream');
    await store.close();
    await store.put('x/2.bin', new Uint8Array([2]), 'application/octet-stream');
    expect(Array.from((await store.get('x/2.bin'))?.body ?? [])).toEqual([2]);
  });

  it('close lets the writes in flight land first', async () => {
    const store = open(dir);
    const body = new Uint8Array(200_000).fill(9);
    const writes = Array.from({ length: 20 }, (_, i) =>
      store.put(`closing/${i}.bin`, body, 'application/octet-stream'),
    );
    await store.close();
    await Promise.all(writes);
    for (let i = 0; i < 20; i++) expect(sameBytes((await store.get(`closing/${i}.bin`))?.body, body)).toBe(true);
  });

  it('many writes at once all land, each whole', async () => {
    const store = open(dir);
    const bodies = Array.from({ length: 50 }, (_, i) => new Uint8Array(20_000).fill(i));
    await Promise.all(bodies.map((b, i) => store.put(`many/${i}.bin`, b, 'application/octet-stream')));
    for (const [i, b] of bodies.entries()) {
      expect(sameBytes((await store.get(`many/${i}.bin`))?.body, b)).toBe(true);
    }
  });

  it('an idle writer does not keep the process alive', () => {
    const module = fileURLToPath(new URL('./fs-blob-store.ts', import.meta.url));
    const script = `
      const { fsBlobStore } = await import(${JSON.stringify(module)});
      await fsBlobStore(${JSON.stringify(dir)}).put('alive/x.bin', new Uint8Array([7]), 'application/octet-stream');
      console.log('written');
    `;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(run.stderr).toBe('');
    expect(run.stdout.trim()).toBe('written');
    expect(run.status).toBe(0); // null if the timeout had to kill it
  });
});
