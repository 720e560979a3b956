import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JsonTooDeepError, jsonNestsDeeperThan, MAX_JSON_DEPTH, parseBoundedJson } from './json-depth';

const nested = (depth: number, open = '[', close = ']') => open.repeat(depth) + close.repeat(depth);

/** The depth of a parsed value, walked with an explicit stack (the reference the scanner is checked against). */
function depthOf(value: unknown): number {
  let max = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [v, d] = stack.pop() as [unknown, number];
    if (v !== null && typeof v === 'object') {
      max = Math.max(max, d + 1);
      for (const child of Object.values(v)) stack.push([child, d + 1]);
    }
  }
  return max;
}

describe('jsonNestsDeeperThan', () => {
  it('allows exactly the limit and refuses one level more, for arrays and objects', () => {
    expect(jsonNestsDeeperThan(nested(MAX_JSON_DEPTH))).toBe(false);
    expect(jsonNestsDeeperThan(nested(MAX_JSON_DEPTH + 1))).toBe(true);
    const objects = (d: number) => `${'{"a":'.repeat(d)}1${'}'.repeat(d)}`;
    expect(jsonNestsDeeperThan(objects(MAX_JSON_DEPTH))).toBe(false);
    expect(jsonNestsDeeperThan(objects(MAX_JSON_DEPTH + 1))).toBe(true);
  });

  it('does not count brackets inside strings, escaped quotes included', () => {
    const text = JSON.stringify({ a: '[[[[{{{{', b: '\\"[[[[', c: ['"]]]]'] });
    expect(jsonNestsDeeperThan(text, 2)).toBe(false);
    expect(jsonNestsDeeperThan(JSON.stringify({ a: { b: '[' } }), 1)).toBe(true);
  });

  it('answers a 500,000-deep body without building it', () => {
    expect(jsonNestsDeeperThan(nested(500_000))).toBe(true);
  });

  it('agrees with the depth of the parsed value for any JSON', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 8 }), fc.integer({ min: 0, max: 9 }), (value, max) => {
        const text = JSON.stringify(value);
        expect(jsonNestsDeeperThan(text, max)).toBe(depthOf(JSON.parse(text)) > max);
      }),
    );
  });
});

describe('parseBoundedJson', () => {
  it('parses JSON within the limit and refuses deeper JSON with its own error', () => {
    expect(parseBoundedJson('{"a":[1,{"b":2}]}')).toEqual({ a: [1, { b: 2 }] });
    expect(() => parseBoundedJson(nested(MAX_JSON_DEPTH + 1))).toThrow(JsonTooDeepError);
    expect(() => parseBoundedJson('{"a":')).toThrow(SyntaxError);
  });
});
