import { describe, expect, it } from 'vitest';
import { fromB64NoPad } from '../../lib/base64';
import { ProviderError } from '../../ports/label-provider';
import { decodeBase64, httpTransport, type ProviderFetch } from './http-transport';

const toError = (status: number) => new ProviderError('upstream_error', `status ${status}`);

/** A fetch whose answer streams `chunks`, `gapMs` apart, and that fails as fetch does when its signal aborts. */
function streamingFetch(chunks: string[], gapMs: number, seen: AbortSignal[]): ProviderFetch {
  return async (_url, init) => {
    seen.push(init.signal);
    const encoder = new TextEncoder();
    let i = 0;
    return new Response(
      new ReadableStream<Uint8Array>({
        async pull(controller) {
          if (i > 0) await new Promise((r) => setTimeout(r, gapMs));
          if (init.signal.aborted) return controller.error(init.signal.reason);
          const chunk = chunks[i++];
          if (chunk === undefined) controller.close();
          else controller.enqueue(encoder.encode(chunk));
        },
      }),
      { status: 200, headers: { 'content-type': 'application/json' } },
    );
  };
}

describe('httpTransport timeouts', () => {
  it('answers a provider that does not answer within timeoutMs as unavailable', async () => {
    const seen: AbortSignal[] = [];
    const never: ProviderFetch = (_url, init) => {
      seen.push(init.signal);
      return new Promise((_resolve, reject) => init.signal.addEventListener('abort', () => reject(init.signal.reason)));
    };
    const transport = httpTransport({ timeoutMs: 50, fetch: never }, {});
    const failure = await transport
      .send('POST', 'http://provider.test/v1/labels', { retry: false, toError })
      .catch((err: unknown) => err);
    expect((failure as ProviderError).code).toBe('upstream_unavailable');
    expect((failure as ProviderError).logMessage).toBe('provider did not answer within 50 ms (POST /v1/labels)');
    expect(seen).toHaveLength(1);
  });

  it('aborts an answer still streaming after timeoutMs: the read is interrupted', async () => {
    const seen: AbortSignal[] = [];
    const transport = httpTransport({ timeoutMs: 60, fetch: streamingFetch(['{"a":', '1', '}'], 100, seen) }, {});
    const failure = await transport
      .send('GET', 'http://provider.test/v1/labels/x', { retry: false, toError })
      .catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(ProviderError);
    expect((failure as ProviderError).code).toBe('upstream_unavailable');
    expect((failure as ProviderError).logMessage).toBe('provider answer interrupted (GET /v1/labels/x)');
    const [signal] = seen;
    expect(signal?.aborted).toBe(true);
    expect(signal?.reason).toMatchObject({ name: 'TimeoutError' });
  });

  it('never aborts an exchange that is over: the timer stops once the answer is read', async () => {
    const seen: AbortSignal[] = [];
    const transport = httpTransport({ timeoutMs: 40, fetch: streamingFetch(['{"ok":true}'], 0, seen) }, {});
    const sent = await transport.send('GET', 'http://provider.test/v1/services', { retry: false, toError });
    expect(new TextDecoder().decode(sent.body)).toBe('{"ok":true}');
    await new Promise((r) => setTimeout(r, 120));
    expect(seen).toHaveLength(1);
    expect(seen[0]?.aborted).toBe(false);
  });
});

describe('decodeBase64', () => {
  const bytes = (n: number) => Uint8Array.from({ length: n }, (_, i) => (i * 37 + 11) % 256);
  const b64 = (data: Uint8Array) => btoa(String.fromCharCode(...data));

  it('decodes canonical, unpadded and wrapped base64 to the same bytes', () => {
    for (const n of [0, 1, 2, 3, 4, 5, 57, 100]) {
      const data = bytes(n);
      const text = b64(data);
      expect(decodeBase64(text)).toEqual(data);
      expect(decodeBase64(text.replace(/=+$/, ''))).toEqual(data);
      expect(decodeBase64(text.replace(/(.{8})/g, '$1\r\n'))).toEqual(data);
      expect(decodeBase64(text)).toEqual(fromB64NoPad(text.replace(/=+$/, '')));
    }
  });

  it('refuses text that is not base64', () => {
    for (const text of ['QUJD-', '@@@@', 'QU=JD', 'Q']) expect(() => decodeBase64(text)).toThrow();
  });
});
