import { z } from 'zod';
import { parseBoundedJson } from '../../lib/json-depth';
import {
  type Marketplace,
  MarketplaceError,
  type MarketplaceSession,
  type ShipmentConfirmation,
  ShipmentResult,
} from '../../ports/marketplace';

/** The header the marketplace reads the anti-CSRF token from. */
export const CSRF_HEADER = 'anti-csrftoken-a2z';
const MAX_ANSWER_BYTES = 1_000_000;

const Answer = z.object({ results: z.array(ShipmentResult) });
const ErrorAnswer = z.object({ error: z.object({ code: z.string(), message: z.string() }) });

export type MarketplaceFetch = (
  url: string,
  init: { method: string; headers: Record<string, string>; body: string; signal: AbortSignal },
) => Promise<Response>;

/**
 * The marketplace over HTTP: POST `${baseUrl}/shipments/confirm` with the seller's Cookie header and anti-CSRF token.
 * The base URL is the operator's configuration (MARKETPLACE_URL, or the embedded sandbox on Node), never a customer's
 * input, so no SSRF check applies; redirects are not followed (the cookies go nowhere else).
 */
export function httpMarketplace(opts: {
  baseUrl: () => string | undefined;
  fetch?: MarketplaceFetch;
  timeoutMs?: number;
}): Marketplace {
  const doFetch: MarketplaceFetch = opts.fetch ?? ((url, init) => fetch(url, { ...init, redirect: 'manual' }));
  return {
    async confirmShipments(session: MarketplaceSession, shipments: ShipmentConfirmation[]) {
      const base = opts.baseUrl();
      if (!base) throw new MarketplaceError('unconfigured', 'Amazon confirmation is not configured on this server');
      let res: Response;
      let text: string;
      try {
        res = await doFetch(`${base.replace(/\/+$/, '')}/shipments/confirm`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'application/json',
            cookie: session.cookies,
            [CSRF_HEADER]: session.csrfToken,
          },
          body: JSON.stringify({ shipments }),
          signal: AbortSignal.timeout(opts.timeoutMs ?? 15_000),
        });
        text = await res.text();
      } catch (err) {
        throw new MarketplaceError('unavailable', 'Amazon could not be reached. Please try again.', {
          logMessage: err instanceof Error ? err.message : String(err),
        });
      }
      if (text.length > MAX_ANSWER_BYTES)
        throw new MarketplaceError('unavailable', 'Amazon sent an answer we could not read', {
          logMessage: `answer of ${text.length} bytes`,
        });
      let body: unknown;
      try {
        body = parseBoundedJson(text);
      } catch {
        // Not JSON, or nested past any answer's shape: read as no answer (the status decides what it means).
        body = undefined;
      }
      if (res.ok) {
        const parsed = Answer.safeParse(body);
        if (!parsed.success || parsed.data.results.length !== shipments.length)
          throw new MarketplaceError('unavailable', 'Amazon sent an answer we could not read', {
            logMessage: `unexpected answer ${res.status}: ${text.slice(0, 300)}`,
          });
        return parsed.data.results;
      }
      const err = ErrorAnswer.safeParse(body);
      const upstream = err.success ? err.data.error.message.slice(0, 300) : '';
      if (res.status === 401 || res.status === 403) {
        const expired = err.success && err.data.error.code === 'session_expired';
        const csrf = res.status === 403;
        throw new MarketplaceError(
          'session_invalid',
          expired
            ? 'Amazon refused the session: your cookies have expired. Sign in to Seller Central again and upload fresh cookies.'
            : csrf
              ? 'Amazon refused the CSRF token: it does not match these cookies. Copy a fresh token from Seller Central.'
              : 'Amazon refused the session: the cookies are not valid. Sign in to Seller Central again and upload fresh cookies.',
          { logMessage: `${res.status} ${upstream}` },
        );
      }
      if (res.status === 429) {
        const retry = Number(res.headers.get('retry-after'));
        throw new MarketplaceError('rate_limited', 'Amazon is limiting requests right now. Please try again shortly.', {
          retryAfterSeconds: Number.isFinite(retry) && retry > 0 ? Math.ceil(retry) : 30,
        });
      }
      throw new MarketplaceError('unavailable', 'Amazon could not confirm the orders right now. Please try again.', {
        logMessage: `${res.status} ${upstream || text.slice(0, 300)}`,
      });
    },
  };
}
