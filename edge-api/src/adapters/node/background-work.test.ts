import { describe, expect, it } from 'vitest';
import { createLogger } from '../../lib/logger';
import { backgroundWork } from './background-work';

describe('backgroundWork (Services.waitUntil on Node)', () => {
  it('settled() waits for every piece of work, including work handed in meanwhile; failures are logged', async () => {
    const logs: string[] = [];
    const work = backgroundWork(createLogger({ sink: (_level, line) => logs.push(line) }));
    const done: string[] = [];
    const later = (ms: number, name: string) =>
      new Promise<void>((resolve) =>
        setTimeout(() => {
          done.push(name);
          resolve();
        }, ms),
      );
    work.waitUntil(
      later(20, 'first').then(() => {
        work.waitUntil(later(20, 'chained'));
      }),
    );
    work.waitUntil(Promise.reject(new Error('disk full')));
    expect(work.pending).toBe(2);
    await work.settled();
    expect(done).toEqual(['first', 'chained']);
    expect(work.pending).toBe(0);
    expect(logs.map((l) => JSON.parse(l))).toEqual([
      expect.objectContaining({
        level: 'error',
        msg: 'background.failed',
        err: expect.objectContaining({ message: 'disk full' }),
      }),
    ]);
  });
});
