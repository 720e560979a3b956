import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { r2BlobStore } from '../../src/adapters/workers/r2-blob-store';
import { ReadBuffer } from '../../src/ports/blob-store';

const bytes = (s: string) => new TextEncoder().encode(s);

describe('r2BlobStore (R2 binding BLOBS)', () => {
  const blobs = r2BlobStore(env.BLOBS);

  it('stores bytes with their content type, reads them back and deletes them', async () => {
    const pdf = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x37, 0x00, 0xff]);
    await blobs.put('labels/ord_1/label.pdf', pdf, 'application/pdf');

    const got = await blobs.get('labels/ord_1/label.pdf');
    expect(got).not.toBeNull();
    expect(got?.contentType).toBe('application/pdf');
    expect([...(got?.body ?? [])]).toEqual([...pdf]);
    // It really is in the bucket, under that key.
    const raw = await env.BLOBS.head('labels/ord_1/label.pdf');
    expect(raw?.size).toBe(pdf.length);
    expect(raw?.httpMetadata?.contentType).toBe('application/pdf');

    await blobs.delete('labels/ord_1/label.pdf');
    expect(await blobs.get('labels/ord_1/label.pdf')).toBeNull();
    expect(await env.BLOBS.head('labels/ord_1/label.pdf')).toBeNull();
  });

  it('lists the keys under a prefix, every page of them, and nothing else', async () => {
    const keys = Array.from({ length: 1005 }, (_, i) => `bulk-labels/blk_list-${String(i).padStart(4, '0')}.pdf`);
    for (let i = 0; i < keys.length; i += 100) {
      await Promise.all(keys.slice(i, i + 100).map((key) => env.BLOBS.put(key, 'x')));
    }
    await env.BLOBS.put('bulk-labels/blk_other-1.pdf', 'x');
    await env.BLOBS.put('labels/blk_list-1.pdf', 'x');
    // R2 answers at most 1,000 keys a call: the rest come through the cursor.
    expect((await blobs.list('bulk-labels/blk_list-')).sort()).toEqual(keys);
    expect(await blobs.list('bulk-labels/blk_none-')).toEqual([]);
  });

  it('reads blobs one after the other into one reused buffer (a BYOB read), growing it only for a larger blob', async () => {
    const small = new Uint8Array(3000).map((_, i) => i % 251);
    const large = new Uint8Array(300_000).map((_, i) => (i * 7) % 256);
    await blobs.put('labels/into-a.pdf', small, 'application/pdf');
    await blobs.put('labels/into-b.pdf', large, 'application/pdf');
    await blobs.put('labels/into-c.pdf', small.subarray(0, 1000), 'application/pdf');
    const into = new ReadBuffer();

    const a = await blobs.getBytes('labels/into-a.pdf', into);
    expect([...(a ?? [])]).toEqual([...small]);
    expect(a?.buffer).toBe(into.buffer);
    const b = await blobs.getBytes('labels/into-b.pdf', into);
    expect(b?.length).toBe(large.length);
    expect(b?.every((v, i) => v === large[i])).toBe(true);
    const capacity = into.buffer.byteLength;
    expect(capacity).toBeGreaterThanOrEqual(large.length);
    const c = await blobs.getBytes('labels/into-c.pdf', into);
    expect([...(c ?? [])]).toEqual([...small.subarray(0, 1000)]);
    expect(c?.buffer).toBe(into.buffer);
    expect(into.buffer.byteLength).toBe(capacity); // not grown for a smaller blob
    expect(await blobs.getBytes('labels/into-missing.pdf', into)).toBeNull();
  });

  it('overwrites an existing key and answers null for a missing one', async () => {
    await blobs.put('exports/a.csv', bytes('one'), 'text/csv');
    await blobs.put('exports/a.csv', bytes('two,2'), 'text/csv; charset=utf-8');
    const got = await blobs.get('exports/a.csv');
    expect(new TextDecoder().decode(got?.body)).toBe('two,2');
    expect(got?.contentType).toBe('text/csv; charset=utf-8');
    expect(await blobs.get('exports/missing.csv')).toBeNull();
    // deleting a missing key is not an error
    await expect(blobs.delete('exports/missing.csv')).resolves.toBeUndefined();
  });

  it('writes a large blob as an R2 multipart upload of 5 MiB parts, invisible until complete, and streams it back', async () => {
    const writer = await blobs.createWriter('bulk-labels/stream.pdf', 'application/pdf');
    // 12 MiB in 1 MiB chunks: two full 5 MiB parts and a 2 MiB last one.
    for (let i = 0; i < 12; i++) await writer.write(new Uint8Array(1024 * 1024).fill(i + 1));
    expect(await env.BLOBS.head('bulk-labels/stream.pdf')).toBeNull();
    await writer.close();
    const streamed = await blobs.getStream('bulk-labels/stream.pdf');
    expect(streamed?.size).toBe(12 * 1024 * 1024);
    expect(streamed?.contentType).toBe('application/pdf');
    const body = new Uint8Array(await new Response(streamed?.body).arrayBuffer());
    for (let i = 0; i < 12; i++) expect(body[i * 1024 * 1024 + 7]).toBe(i + 1);
    // A multipart object's etag is "<md5 of the part md5s>-<part count>".
    expect((await env.BLOBS.head('bulk-labels/stream.pdf'))?.etag).toMatch(/-3$/);
  });

  it('writes a small streamed blob with one put, and an aborted one leaves the key as it was', async () => {
    const small = await blobs.createWriter('bulk-labels/small.zpl', 'application/zpl');
    await small.write(bytes('^XA^FDone^FS^XZ\n'));
    await small.close();
    expect(new TextDecoder().decode((await blobs.get('bulk-labels/small.zpl'))?.body)).toBe('^XA^FDone^FS^XZ\n');
    const aborted = await blobs.createWriter('bulk-labels/small.zpl', 'application/zpl');
    for (let i = 0; i < 6; i++) await aborted.write(new Uint8Array(1024 * 1024));
    await aborted.abort();
    expect(new TextDecoder().decode((await blobs.get('bulk-labels/small.zpl'))?.body)).toBe('^XA^FDone^FS^XZ\n');
    expect(await blobs.getStream('bulk-labels/missing.pdf')).toBeNull();
  });

  it('refuses keys that could escape their prefix', async () => {
    for (const key of ['../secrets', 'labels/../x', '/abs', 'a//b', 'sp ace']) {
      await expect(blobs.put(key, bytes('x'), 'text/plain')).rejects.toThrow(/invalid blob key/);
      await expect(blobs.get(key)).rejects.toThrow(/invalid blob key/);
    }
    const listed = await env.BLOBS.list();
    expect(listed.objects.map((o) => o.key)).not.toContain('../secrets');
  });
});
