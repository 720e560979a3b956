import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { r2BlobStore } from '../../src/adapters/workers/r2-blob-store';

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

  it('refuses keys that could escape their prefix', async () => {
    for (const key of ['../secrets', 'labels/../x', '/abs', 'a//b', 'sp ace']) {
      await expect(blobs.put(key, bytes('x'), 'text/plain')).rejects.toThrow(/invalid blob key/);
      await expect(blobs.get(key)).rejects.toThrow(/invalid blob key/);
    }
    const listed = await env.BLOBS.list();
    expect(listed.objects.map((o) => o.key)).not.toContain('../secrets');
  });
});
