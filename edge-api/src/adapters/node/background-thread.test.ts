import { afterEach, describe, expect, it } from 'vitest';
import { type BackgroundThread, backgroundThread } from './background-thread';

/** Answers `{ double }` after `delayMs`, fails `{ fail }` with a code, posts an event for `{ shout }`, exits on `{ die }`. */
const SOURCE = `
import { parentPort, workerData } from 'node:worker_threads';
parentPort.on('message', ({ id, n, delayMs, fail, shout, die }) => {
  if (die) process.exit(3);
  if (shout) parentPort.postMessage({ shout, prefix: workerData.prefix });
  if (fail) return parentPort.postMessage({ id, error: { message: fail, code: 'EFAIL' } });
  setTimeout(() => parentPort.postMessage({ id, double: n * 2 }), delayMs ?? 0);
});
`;

describe('backgroundThread', () => {
  const threads: BackgroundThread[] = [];
  afterEach(async () => {
    await Promise.all(threads.splice(0).map((t) => t.stop(1_000)));
  });
  const start = (opts: Partial<Parameters<typeof backgroundThread>[0]> = {}) => {
    const thread = backgroundThread({ name: 'test', source: SOURCE, workerData: { prefix: '>' }, ...opts });
    threads.push(thread);
    return thread;
  };

  it('answers each request by its id, fails one with its code, and passes on what comes without an id', async () => {
    const events: unknown[] = [];
    const thread = start({ onEvent: (e) => events.push(e) });
    expect(thread.worker).toBeUndefined(); // started by the first request
    const answers = await Promise.all([
      thread.request<{ double: number }>({ n: 1, delayMs: 30 }),
      thread.request<{ double: number }>({ n: 2 }),
    ]);
    expect(answers.map((a) => a.double)).toEqual([2, 4]);
    await expect(thread.request({ fail: 'no such file' })).rejects.toMatchObject({
      message: 'no such file',
      code: 'EFAIL',
    });
    await thread.request({ n: 0, shout: 'hi' });
    expect(events).toEqual([{ shout: 'hi', prefix: '>' }]);
  });

  it('when the thread dies, its requests fail with its name, onExit is told, and the next request starts another', async () => {
    const exits: number[] = [];
    const thread = start({ onExit: (code) => exits.push(code) });
    await thread.request({ n: 1 });
    const first = thread.worker;
    const held = thread.request({ n: 1, delayMs: 5_000 });
    thread.request({ die: true }).catch(() => {});
    await expect(held).rejects.toThrow('the test thread stopped (exit code 3)');
    expect(exits).toEqual([3]);
    expect(thread.worker).toBeUndefined();
    expect((await thread.request<{ double: number }>({ n: 5 })).double).toBe(10);
    expect(thread.worker).not.toBe(first);
  });

  it('stop lets the requests in flight finish, then ends the thread', async () => {
    const thread = start();
    const inFlight = thread.request<{ double: number }>({ n: 4, delayMs: 100 });
    await thread.stop(5_000);
    expect((await inFlight).double).toBe(8);
    expect(thread.worker).toBeUndefined();
  });
});
