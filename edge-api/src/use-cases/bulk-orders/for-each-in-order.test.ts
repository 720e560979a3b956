import { describe, expect, it } from 'vitest';
import type { ReadBuffer } from '../../ports/blob-store';
import { forEachInOrder } from './build-combined-labels';

/** Source i: 1,000 + i bytes of value i % 256, read into the buffer given, answered after a delay of its own. */
function sources() {
  const buffers = new Set<ReadBuffer>();
  let inFlight = 0;
  let maxInFlight = 0;
  const read = async (index: number, into: ReadBuffer): Promise<Uint8Array> => {
    buffers.add(into);
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    await new Promise((resolve) => setTimeout(resolve, (index * 7) % 5));
    const bytes = into.view(1000 + index).fill(index % 256);
    inFlight--;
    return bytes;
  };
  const intact = (bytes: Uint8Array, index: number) =>
    bytes.length === 1000 + index && bytes.every((b) => b === index % 256);
  return { read, intact, buffers, maxInFlight: () => maxInFlight };
}

describe('forEachInOrder', () => {
  it('hands every source to use in order, read ahead into a pool of readAhead + 1 reused buffers', async () => {
    const s = sources();
    const seen: number[] = [];
    await forEachInOrder(
      40,
      s.read,
      async (bytes, index) => {
        expect(s.intact(bytes, index)).toBe(true);
        await new Promise((resolve) => setTimeout(resolve, 1));
        // Still intact after use awaited (the reads ahead went to other buffers).
        expect(s.intact(bytes, index)).toBe(true);
        seen.push(index);
      },
      3,
    );
    expect(seen).toEqual(Array.from({ length: 40 }, (_, i) => i));
    expect(s.buffers.size).toBe(4);
    expect(s.maxInFlight()).toBe(4);
  });

  it('with held = 1, a source kept past its use is not overwritten until the next one is used', async () => {
    const s = sources();
    let kept: { bytes: Uint8Array; index: number } | null = null;
    await forEachInOrder(
      41,
      s.read,
      async (bytes, index) => {
        if (kept) {
          await new Promise((resolve) => setTimeout(resolve, 2)); // the reads ahead land meanwhile
          expect(s.intact(kept.bytes, kept.index)).toBe(true);
        }
        expect(s.intact(bytes, index)).toBe(true);
        kept = index % 2 === 0 ? { bytes, index } : null;
      },
      3,
      1,
    );
    expect(s.buffers.size).toBe(5);
  });
});
