import { describe, expect, it } from 'vitest';
import { uniqueKeys } from './unique-keys';

describe('uniqueKeys', () => {
  it('numbers repeats so every key differs, keeping first occurrences as they are', () => {
    const keys = uniqueKeys(['111-1|MUG', '111-1|MUG', '112-2|TEE', '111-1|MUG']);
    expect(keys).toEqual(['111-1|MUG', '111-1|MUG#2', '112-2|TEE', '111-1|MUG#3']);
    expect(new Set(keys).size).toBe(4);
  });
});
