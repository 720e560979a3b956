import { assertSafeUrl, type HostResolver, UnsafeUrlError } from '../../lib/ssrf';
import {
  type LabelProviders,
  PROVIDER_ERROR_MESSAGES,
  type ProviderEndpoint,
  ProviderError,
} from '../../ports/label-provider';
import { type HttpLabelProviderOptions, httpLabelProvider } from './http-label-provider';

export interface LabelProvidersOptions {
  /** ALLOW_PRIVATE_PROVIDER_URLS: http and loopback/private addresses allowed. */
  allowPrivate: boolean;
  /** Base URL prefixes allowed whatever their address: the embedded carrier sandbox on this server (see ssrf.ts). */
  trusted?: () => readonly string[];
  /** Node: dns.lookup(all). Workers: none (host names are checked by name; see src/lib/ssrf.ts). */
  resolve?: HostResolver;
  /** PROVIDER_TIMEOUT_MS: per attempt. */
  timeoutMs: number;
  /** Overrides for the HTTP client (tests: fetch, sleep, retry timings). */
  http?: Partial<Omit<HttpLabelProviderOptions, 'baseUrl' | 'apiKey' | 'beforeRequest'>>;
}

/**
 * The runtime's provider factory: the SSRF guard on every base URL an admin saves, and HTTP clients that re-check the
 * base URL before every request (a host name may resolve elsewhere by now). Same code on Node and Workers; only the
 * resolver differs.
 */
export function labelProviders(options: LabelProvidersOptions): LabelProviders {
  const policy = { allowPrivate: options.allowPrivate, resolve: options.resolve, trusted: options.trusted };
  return {
    async checkBaseUrl(raw) {
      try {
        return await assertSafeUrl(raw, policy);
      } catch (err) {
        if (err instanceof UnsafeUrlError) {
          throw new ProviderError('invalid_input', err.message, { logMessage: `unsafe base URL (${err.reason})` });
        }
        throw err;
      }
    },
    connect(endpoint: ProviderEndpoint) {
      return httpLabelProvider({
        ...options.http,
        baseUrl: endpoint.baseUrl,
        apiKey: endpoint.apiKey,
        timeoutMs: options.http?.timeoutMs ?? options.timeoutMs,
        beforeRequest: async () => {
          try {
            await assertSafeUrl(endpoint.baseUrl, policy);
          } catch (err) {
            if (err instanceof UnsafeUrlError) {
              // Not the customer's doing: the stored URL is no longer one we may call.
              throw new ProviderError('upstream_error', PROVIDER_ERROR_MESSAGES.rejected, {
                logMessage: `refused to call ${endpoint.baseUrl}: ${err.message}`,
              });
            }
            throw err;
          }
        },
      });
    },
  };
}
