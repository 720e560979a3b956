import { createHash, randomInt } from 'node:crypto';

/** A source of numbers in [0, 1). */
export type Rng = () => number;

/** mulberry32: a small, fast, seedable PRNG (good enough for sandbox dice, not for secrets). */
export function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A 32-bit seed derived from text (stable across runs and machines). */
export function seedFrom(text: string): number {
  return createHash('sha256').update(text).digest().readUInt32BE(0);
}

/** A fresh random seed. */
export function randomSeed(): number {
  return randomInt(0, 2 ** 32 - 1);
}

/** An integer in [min, max] (inclusive) drawn from `rng`. */
export function intBetween(rng: Rng, min: number, max: number): number {
  return min + Math.floor(rng() * (max - min + 1));
}

export function pick<T>(rng: Rng, items: readonly T[]): T {
  const item = items[Math.floor(rng() * items.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}
