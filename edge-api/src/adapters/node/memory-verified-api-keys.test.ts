import { describe, expect, it } from 'vitest';
import type { VerifiedApiKey } from '../../ports/verified-api-keys';
import { memoryVerifiedApiKeys } from './memory-verified-api-keys';

const key = (keyId: string, keyHash: string): VerifiedApiKey => ({
  keyId,
  keyHash,
  mode: 'live',
  user: { id: 'usr_1', email: 'a@example.com', name: 'A', isAdmin: false },
});

describe('memoryVerifiedApiKeys (Node)', () => {
  it('answers a remembered key until its time is up', () => {
    const keys = memoryVerifiedApiKeys({ ttlMs: 60_000 });
    keys.remember('h1', key('akey_1', 'h1'), keys.epoch(), 1_000);
    expect(keys.get('h1', 60_999)?.keyId).toBe('akey_1');
    expect(keys.get('h1', 61_000)).toBeUndefined();
    expect(keys.get('other', 1_000)).toBeUndefined();
  });

  it('forgets every hash of a regenerated key row at once, and only that row', () => {
    const keys = memoryVerifiedApiKeys();
    keys.remember('old', key('akey_1', 'old'), keys.epoch(), 0);
    keys.remember('b', key('akey_2', 'b'), keys.epoch(), 0);
    keys.forget('akey_1');
    expect(keys.get('old', 1)).toBeUndefined();
    expect(keys.get('b', 1)?.keyId).toBe('akey_2');
  });

  it('does not remember a read that started before a regenerate (it may have read the old row)', () => {
    const keys = memoryVerifiedApiKeys();
    const epochOfRead = keys.epoch();
    keys.forget('akey_1'); // the regenerate commits while the read is in flight
    keys.remember('old', key('akey_1', 'old'), epochOfRead, 0);
    expect(keys.get('old', 1)).toBeUndefined();
    // A read that starts afterwards is remembered.
    keys.remember('new', key('akey_1', 'new'), keys.epoch(), 0);
    expect(keys.get('new', 1)?.keyId).toBe('akey_1');
  });

  it('holds at most maxEntries keys', () => {
    const keys = memoryVerifiedApiKeys({ maxEntries: 2 });
    for (const h of ['a', 'b', 'c']) keys.remember(h, key(`akey_${h}`, h), keys.epoch(), 0);
    const held = ['a', 'b', 'c'].filter((h) => keys.get(h, 1) !== undefined);
    expect(held.length).toBeLessThanOrEqual(2);
    expect(held).toContain('c');
  });
});
