import { PROVIDER_KIND_INFO, type ProviderKind } from '@labeldesk/contracts';
import { assertSafeUrl, classifyIp, type HostResolver, UnsafeUrlError } from '../../lib/ssrf';
import {
  type LabelProvider,
  type LabelProviders,
  PROVIDER_ERROR_MESSAGES,
  type ProviderEndpoint,
  ProviderError,
  type TestSandbox,
} from '../../ports/label-provider';
import { easypostLabelProvider, type KindProviderOptions } from './easypost-label-provider';
import { type HttpLabelProviderOptions, httpLabelProvider } from './http-label-provider';
import { shippoLabelProvider } from './shippo-label-provider';

export interface LabelProvidersOptions {
  /** ALLOW_PRIVATE_PROVIDER_URLS: http and loopback/private addresses allowed. */
  allowPrivate: boolean;
  /** Base URL prefixes allowed whatever their address: the embedded carrier sandbox on this server (see ssrf.ts). */
  trusted?: () => readonly string[];
  /** Per kind, the base URLs of the embedded sandbox of that protocol (/sandbox/easypost, /sandbox/shippo). */
  kindSandboxes?: () => Partial<Record<ProviderKind, readonly string[]>>;
  /**
   * Test mode: per kind, the sandbox a test order goes to when its API does not already live at a sandbox (Node: the
   * embedded ones; Workers: TEST_MODE_SANDBOXES). None for a kind: test mode is unavailable for its real upstreams.
   */
  testSandboxes?: () => Partial<Record<ProviderKind, TestSandbox>>;
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
  const sandboxesOf = (kind: ProviderKind) => options.kindSandboxes?.()[kind] ?? [];
  const policyFor = (kind: ProviderKind) => ({
    allowPrivate: options.allowPrivate,
    resolve: options.resolve,
    trusted: kind === 'generic' ? options.trusted : () => sandboxesOf(kind),
  });
  const check = async (raw: string, kind: ProviderKind) => {
    // The kind's host rule first: an EasyPost key goes to EasyPost (or its sandbox), whatever else the URL is.
    if (kind !== 'generic') assertKindHost(kind, raw, sandboxesOf(kind), options.allowPrivate);
    return assertSafeUrl(raw, policyFor(kind));
  };
  const under = (url: string, prefix: string) => {
    const base = prefix.replace(/\/+$/, '');
    return url === base || url.startsWith(`${base}/`);
  };
  return {
    testEndpoint(api) {
      const url = api.baseUrl.trim().replace(/\/+$/, '');
      const configured = options.testSandboxes?.()[api.kind];
      const sandboxes = [
        ...(api.kind === 'generic' ? (options.trusted?.() ?? []) : sandboxesOf(api.kind)),
        ...(configured ? [configured.baseUrl] : []),
      ];
      if (sandboxes.some((prefix) => under(url, prefix))) return { useOwnKey: true };
      return configured;
    },
    async checkBaseUrl(raw, kind = 'generic') {
      try {
        return await check(raw, kind);
      } catch (err) {
        if (err instanceof UnsafeUrlError) {
          throw new ProviderError('invalid_input', err.message, { logMessage: `unsafe base URL (${err.reason})` });
        }
        throw err;
      }
    },
    connect(endpoint: ProviderEndpoint) {
      const kind = endpoint.kind ?? 'generic';
      const adapter = ADAPTERS[kind];
      if (!adapter) {
        throw new ProviderError('upstream_error', PROVIDER_ERROR_MESSAGES.rejected, {
          logMessage: `no adapter for provider kind ${kind}`,
        });
      }
      return adapter({
        ...options.http,
        baseUrl: endpoint.baseUrl,
        apiKey: endpoint.apiKey,
        timeoutMs: options.http?.timeoutMs ?? options.timeoutMs,
        // A file the provider links to (EasyPost's postage label): public https, or the embedded sandbox of the kind.
        checkFileUrl: async (url) => {
          await assertSafeUrl(url, { ...policyFor(kind), trusted: () => sandboxesOf(kind) });
        },
        beforeRequest: async () => {
          try {
            await check(endpoint.baseUrl, kind);
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

const ADAPTERS: Partial<Record<ProviderKind, (options: KindProviderOptions) => LabelProvider>> = {
  generic: httpLabelProvider,
  easypost: easypostLabelProvider,
  shippo: shippoLabelProvider,
};

/**
 * An EasyPost or Shippo API lives at the provider's official host (its base URL exactly), or at the embedded sandbox
 * of that protocol; with ALLOW_PRIVATE_PROVIDER_URLS also on a private or loopback address (a sandbox elsewhere on
 * your own network). Anything else is refused: the key of a real account must not be sent to another public host.
 */
function assertKindHost(kind: ProviderKind, raw: string, sandboxes: readonly string[], allowPrivate: boolean) {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return; // not a URL: assertSafeUrl says so
  }
  const normalized = `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
  const official = PROVIDER_KIND_INFO[kind].officialBaseUrl;
  if (normalized === official) return;
  if (sandboxes.some((prefix) => normalized === prefix)) return;
  const host = url.hostname;
  const literal = classifyIp(host);
  const local = literal === 'private' || host === 'localhost' || host.endsWith('.localhost');
  if (allowPrivate && local) return;
  throw new UnsafeUrlError(
    'blocked_host',
    `The base URL of a ${PROVIDER_KIND_INFO[kind].label} API must be ${official} (or the embedded ${PROVIDER_KIND_INFO[kind].label} sandbox)`,
  );
}
