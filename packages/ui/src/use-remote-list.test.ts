import { describe, expect, it } from 'vitest';
import { type RemoteListOutcome, startLoad } from './use-remote-list';

/** A promise the test settles by hand, so answers can arrive in any order. */
function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  let reject: (error: unknown) => void = () => {};
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Lets every settled promise run its callbacks. */
const flush = () => new Promise<void>((r) => setTimeout(r, 0));

const describeError = (e: unknown) =>
  e instanceof Error && e.message === 'explained' ? 'Server says why' : 'Fallback';

describe('startLoad', () => {
  it('shows the answer once the load resolves', async () => {
    const answer = deferred<string[]>();
    const seen: RemoteListOutcome<string[]>[] = [];
    startLoad(
      () => answer.promise,
      describeError,
      (o) => seen.push(o),
    );
    await flush();
    expect(seen).toEqual([]);
    answer.resolve(['ord_1', 'ord_2']);
    await flush();
    expect(seen).toEqual([{ kind: 'ready', data: ['ord_1', 'ord_2'] }]);
  });

  it("turns a rejected load into the screen's message", async () => {
    const seen: RemoteListOutcome<number>[] = [];
    startLoad(
      () => Promise.reject(new Error('explained')),
      describeError,
      (o) => seen.push(o),
    );
    startLoad(
      () => Promise.reject(new Error('network down')),
      describeError,
      (o) => seen.push(o),
    );
    await flush();
    expect(seen).toEqual([
      { kind: 'failed', message: 'Server says why' },
      { kind: 'failed', message: 'Fallback' },
    ]);
  });

  it('fails (rather than throwing) when the load throws before returning a promise', async () => {
    const seen: RemoteListOutcome<number>[] = [];
    expect(() =>
      startLoad<number>(
        () => {
          throw new Error('explained');
        },
        describeError,
        (o) => seen.push(o),
      ),
    ).not.toThrow();
    await flush();
    expect(seen).toEqual([{ kind: 'failed', message: 'Server says why' }]);
  });

  it('drops the answer to a load cancelled before it came, success or failure', async () => {
    const ok = deferred<number>();
    const bad = deferred<number>();
    const seen: RemoteListOutcome<number>[] = [];
    const cancelOk = startLoad(
      () => ok.promise,
      describeError,
      (o) => seen.push(o),
    );
    const cancelBad = startLoad(
      () => bad.promise,
      describeError,
      (o) => seen.push(o),
    );
    cancelOk();
    cancelBad();
    ok.resolve(1);
    bad.reject(new Error('explained'));
    await flush();
    expect(seen).toEqual([]);
  });

  it('keeps the newer page when the older answer arrives last (filters changed mid-flight)', async () => {
    const page1 = deferred<string>();
    const page2 = deferred<string>();
    const shown: string[] = [];
    const show = (o: RemoteListOutcome<string>) => shown.push(o.kind === 'ready' ? o.data : o.message);
    // What the hook does when the request changes: cancel the running load, start the next.
    const cancelFirst = startLoad(() => page1.promise, describeError, show);
    cancelFirst();
    startLoad(() => page2.promise, describeError, show);
    page2.resolve('page 2');
    await flush();
    page1.resolve('page 1');
    await flush();
    expect(shown).toEqual(['page 2']);
  });

  it('calls the load once, at once', () => {
    let calls = 0;
    startLoad(
      () => {
        calls += 1;
        return Promise.resolve(calls);
      },
      describeError,
      () => {},
    );
    expect(calls).toBe(1);
  });
});
