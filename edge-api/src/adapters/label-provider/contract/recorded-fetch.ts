import type { ProviderFetch } from '../http-transport';

/** What an adapter sent, as a contract test compares it with the provider's own client's request. */
export interface Sent {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

/**
 * A fetch that answers from a provider's recordings in order (a JSON answer, or the label's bytes as a PDF) and keeps
 * what the adapter sent; a request beyond the recordings fails the test.
 */
export function recorded(answers: Array<{ status: number; body: unknown } | Uint8Array>) {
  const sent: Sent[] = [];
  const fetch: ProviderFetch = async (url, init) => {
    sent.push({
      method: init.method,
      url,
      headers: init.headers,
      body: init.body === undefined ? undefined : JSON.parse(init.body),
    });
    const next = answers.shift();
    if (!next) throw new Error(`unexpected request ${init.method} ${url}`);
    if (next instanceof Uint8Array) return new Response(next, { headers: { 'Content-Type': 'application/pdf' } });
    return new Response(JSON.stringify(next.body), {
      status: next.status,
      headers: { 'Content-Type': 'application/json' },
    });
  };
  return { fetch, sent };
}
