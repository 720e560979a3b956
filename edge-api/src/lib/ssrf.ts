/**
 * SSRF guard for URLs an admin types (provider base URLs): we must not be talked into calling our own network, the
 * cloud metadata service or the loopback interface. Runtime-neutral (Node and workerd).
 *
 * Refused, unless stated otherwise:
 * - anything but https (http only with `allowPrivate`), credentials in the URL, a query or fragment;
 * - IPv4: 0.0.0.0/8 (unspecified), 10/8, 172.16/12, 192.168/16 (private), 100.64/10 (CGNAT), 127/8 (loopback),
 *   169.254/16 (link-local, incl. metadata 169.254.169.254), 192.0.0/24, 192.0.2/24, 198.18/15, 198.51.100/24,
 *   203.0.113/24 (reserved / documentation), 224/4 (multicast), 240/4 (reserved, incl. 255.255.255.255);
 * - IPv6: ::, ::1, fc00::/7 (unique local), fe80::/10 (link-local), fec0::/10 (site-local), ff00::/8 (multicast),
 *   and IPv4 embedded in IPv6 (::ffff:a.b.c.d mapped, ::a.b.c.d compatible, 64:ff9b::/96 NAT64, 2002::/16 6to4) is
 *   judged by its IPv4 address;
 * - host names: localhost and *.localhost, metadata.google.internal, metadata, instance-data, *.internal;
 * - decimal, octal and hex IPv4 forms (http://2130706433, http://0x7f.1, http://0177.0.0.1) are read as the address
 *   they mean: the WHATWG URL parser (Node and workerd alike) turns them into dotted IPv4 before we look;
 * - host names resolving to any refused address (every address checked), where the runtime can resolve names (Node:
 *   dns.lookup with all: true). On Workers there is no DNS API: only the literal host is checked, and Cloudflare's
 *   network cannot reach private addresses from a Worker anyway.
 *
 * `trusted` (the embedded default): base URLs under exactly these prefixes (origin + path, e.g.
 * http://127.0.0.1:8787/sandbox/carrier: the carrier sandbox this very server serves) are allowed whatever their
 * address and scheme; nothing else on that origin, and no other private address, is.
 *
 * `allowPrivate` (ALLOW_PRIVATE_PROVIDER_URLS=true: a provider on your own network, or a sandbox in another process)
 * allows http, loopback, private (10/8, 172.16/12, 192.168/16, fc00::/7) and CGNAT addresses and localhost. Even then
 * the unspecified address, link-local (the metadata service lives there), multicast and reserved ranges and the
 * metadata host names stay refused.
 *
 * Every refusal happens before any connection: literals are judged as written, names by name and then by what they
 * resolve to; the caller connects only with a URL this function returned.
 */

export type UrlRefusal =
  | 'invalid_url'
  | 'scheme'
  | 'credentials'
  | 'query'
  | 'blocked_host'
  | 'blocked_address'
  | 'resolves_to_blocked_address'
  | 'unresolvable';

export class UnsafeUrlError extends Error {
  readonly reason: UrlRefusal;
  constructor(reason: UrlRefusal, message: string) {
    super(message);
    this.name = 'UnsafeUrlError';
    this.reason = reason;
  }
}

/** Resolves a host name to all its addresses (IPv4 dotted or IPv6 text). */
export type HostResolver = (hostname: string) => Promise<string[]>;

export interface UrlPolicy {
  allowPrivate: boolean;
  /**
   * Base URL prefixes (origin + path, no trailing slash) allowed whatever their address: the embedded sandbox's own
   * base. Read on every check (the Node entry learns its port only once it listens).
   */
  trusted?: (() => readonly string[]) | undefined;
  /** Node: dns.lookup(all). Absent (Workers): host names are checked by name only. */
  resolve?: HostResolver | undefined;
  /** What the messages call the URL; default 'Base URL' (provider base URLs). Webhooks say 'Webhook URL'. */
  label?: string;
  /** A query string is kept (webhook URLs may carry one); default refused, as for provider base URLs. */
  allowQuery?: boolean;
  /** The setting the refusal of a private address names; default ALLOW_PRIVATE_PROVIDER_URLS. */
  privateSetting?: string;
}

/** What kind of address: 'public' is fine; 'private' only with allowPrivate; 'blocked' never. */
export type AddressClass = 'public' | 'private' | 'blocked';

type Range4 = readonly [base: number, bits: number, cls: Exclude<AddressClass, 'public'>];

const ip4 = (a: number, b: number, c: number, d: number): number => ((a << 24) >>> 0) + (b << 16) + (c << 8) + d;

const V4_RANGES: readonly Range4[] = [
  [ip4(0, 0, 0, 0), 8, 'blocked'],
  [ip4(10, 0, 0, 0), 8, 'private'],
  [ip4(100, 64, 0, 0), 10, 'private'],
  [ip4(127, 0, 0, 0), 8, 'private'],
  [ip4(169, 254, 0, 0), 16, 'blocked'],
  [ip4(172, 16, 0, 0), 12, 'private'],
  [ip4(192, 0, 0, 0), 24, 'blocked'],
  [ip4(192, 0, 2, 0), 24, 'blocked'],
  [ip4(192, 168, 0, 0), 16, 'private'],
  [ip4(198, 18, 0, 0), 15, 'blocked'],
  [ip4(198, 51, 100, 0), 24, 'blocked'],
  [ip4(203, 0, 113, 0), 24, 'blocked'],
  [ip4(224, 0, 0, 0), 4, 'blocked'],
  [ip4(240, 0, 0, 0), 4, 'blocked'],
];

/** Dotted-quad IPv4 (exactly four decimal parts 0-255) → 32-bit number, else null. */
export function parseIpv4(text: string): number | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  let value = 0;
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part)) return null;
    const n = Number(part);
    if (n > 255) return null;
    value = value * 256 + n;
  }
  return value;
}

export function classifyIpv4(value: number): AddressClass {
  for (const [base, bits, cls] of V4_RANGES) {
    const mask = bits === 0 ? 0 : (~0 << (32 - bits)) >>> 0;
    if ((value & mask) >>> 0 === base) return cls;
  }
  return 'public';
}

/** IPv6 text (no brackets, optional zone) → 8 groups of 16 bits, else null. Accepts an embedded dotted IPv4 tail. */
export function parseIpv6(input: string): number[] | null {
  let text = input.toLowerCase();
  const zone = text.indexOf('%');
  if (zone >= 0) text = text.slice(0, zone);
  if (!/^[0-9a-f:.]+$/.test(text) || !text.includes(':')) return null;
  const lastColon = text.lastIndexOf(':');
  const last = text.slice(lastColon + 1);
  if (last.includes('.')) {
    // An embedded dotted IPv4 tail (::ffff:127.0.0.1) becomes the last two groups.
    const v4 = parseIpv4(last);
    if (v4 === null) return null;
    text = `${text.slice(0, lastColon + 1)}${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const group = (s: string): number[] | null => {
    if (s === '') return [];
    const out: number[] = [];
    for (const g of s.split(':')) {
      if (!/^[0-9a-f]{1,4}$/.test(g)) return null;
      out.push(Number.parseInt(g, 16));
    }
    return out;
  };
  const head = group(halves[0] ?? '');
  const rest = halves.length === 2 ? group(halves[1] ?? '') : [];
  if (head === null || rest === null) return null;
  let groups: number[];
  if (halves.length === 2) {
    const missing = 8 - head.length - rest.length;
    if (missing < 1) return null;
    groups = [...head, ...new Array<number>(missing).fill(0), ...rest];
  } else {
    groups = head;
  }
  return groups.length === 8 ? groups : null;
}

export function classifyIpv6(groups: readonly number[]): AddressClass {
  const g = (i: number) => groups[i] ?? 0;
  const v4At = (hi: number, lo: number) => ((g(hi) << 16) >>> 0) + g(lo);
  const firstSixZero = [0, 1, 2, 3, 4, 5].every((i) => g(i) === 0);
  // ::/128 unspecified and ::1 loopback.
  if (firstSixZero && g(6) === 0 && g(7) === 0) return 'blocked';
  if (firstSixZero && g(6) === 0 && g(7) === 1) return 'private';
  // ::ffff:a.b.c.d (mapped) and ::a.b.c.d (compatible, deprecated): judge the IPv4 address.
  if ([0, 1, 2, 3, 4].every((i) => g(i) === 0) && (g(5) === 0xffff || g(5) === 0)) return classifyIpv4(v4At(6, 7));
  // 64:ff9b::/96 NAT64 → the IPv4 address it reaches.
  if (g(0) === 0x64 && g(1) === 0xff9b && [2, 3, 4, 5].every((i) => g(i) === 0)) return classifyIpv4(v4At(6, 7));
  // 2002::/16 6to4 → the IPv4 address in bits 16-47.
  if (g(0) === 0x2002) return classifyIpv4(v4At(1, 2));
  if ((g(0) & 0xfe00) === 0xfc00) return 'private'; // fc00::/7 unique local
  if ((g(0) & 0xffc0) === 0xfe80) return 'blocked'; // fe80::/10 link-local
  if ((g(0) & 0xffc0) === 0xfec0) return 'blocked'; // fec0::/10 site-local (deprecated)
  if ((g(0) & 0xff00) === 0xff00) return 'blocked'; // ff00::/8 multicast
  return 'public';
}

/** Classifies an IP address literal; null when the text is not an IP address. */
export function classifyIp(text: string): AddressClass | null {
  const bare = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  const v4 = parseIpv4(bare);
  if (v4 !== null) return classifyIpv4(v4);
  const v6 = parseIpv6(bare);
  return v6 ? classifyIpv6(v6) : null;
}

const METADATA_HOSTS = new Set(['metadata.google.internal', 'metadata', 'instance-data', 'metadata.azure.internal']);

function classifyHostName(host: string): AddressClass {
  if (METADATA_HOSTS.has(host) || host.endsWith('.internal')) return 'blocked';
  if (host === 'localhost' || host.endsWith('.localhost')) return 'private';
  return 'public';
}

const allowed = (cls: AddressClass, allowPrivate: boolean) => cls === 'public' || (cls === 'private' && allowPrivate);

/**
 * What an admin reads after a refusal by address: which server setting would allow it (a 'private' address, with
 * ALLOW_PRIVATE_PROVIDER_URLS=true), or that none does ('blocked': link-local, metadata, multicast, reserved).
 */
export const PRIVATE_ADDRESS_HINT =
  'allowed only when the server sets ALLOW_PRIVATE_PROVIDER_URLS=true, for a provider or sandbox on your own network';
export const BLOCKED_ADDRESS_HINT = 'refused even with ALLOW_PRIVATE_PROVIDER_URLS=true';
function hint(cls: AddressClass, policy: UrlPolicy): string {
  const setting = policy.privateSetting;
  if (setting)
    return cls === 'private'
      ? `allowed only when the server sets ${setting}=true`
      : `refused even with ${setting}=true`;
  return cls === 'private' ? PRIVATE_ADDRESS_HINT : BLOCKED_ADDRESS_HINT;
}

/**
 * Checks a base URL against the policy (see the file comment) and returns it normalized: origin + path without a
 * trailing slash. Throws {@link UnsafeUrlError} with a message an admin can act on.
 */
export async function assertSafeUrl(raw: string, policy: UrlPolicy): Promise<string> {
  const label = policy.label ?? 'Base URL';
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new UnsafeUrlError('invalid_url', `${label} must be a valid URL, e.g. https://api.example.com`);
  }
  if (!/^https?:$/.test(url.protocol)) throw new UnsafeUrlError('scheme', `${label} must start with https://`);
  if (url.username || url.password) {
    throw new UnsafeUrlError('credentials', `${label} must not contain a user name or password`);
  }
  if (url.hash || raw.includes('#') || (!policy.allowQuery && (url.search || raw.includes('?')))) {
    throw new UnsafeUrlError('query', `${label} must not contain a query string or fragment`);
  }
  // The URL parser has already resolved dot segments (also %2e%2e), so a prefix match cannot be walked out of.
  const normalized = `${url.origin}${url.pathname.replace(/\/+$/, '')}${policy.allowQuery ? url.search : ''}`;
  if (policy.trusted?.().some((prefix) => normalized === prefix || normalized.startsWith(`${prefix}/`))) {
    return normalized;
  }
  // WHATWG hosts are lower-cased, IPv4 in any numeric form is dotted, IPv6 is bracketed and compressed.
  const host = url.hostname.replace(/\.$/, '');
  const literal = classifyIp(host);
  // The host is judged before the scheme, so http://10.1.2.3 is refused as the private address it is.
  if (literal !== null) {
    if (!allowed(literal, policy.allowPrivate)) {
      throw new UnsafeUrlError(
        'blocked_address',
        `${label} points to a private or reserved address (${hint(literal, policy)})`,
      );
    }
  } else {
    const named = classifyHostName(host);
    if (!allowed(named, policy.allowPrivate)) {
      throw new UnsafeUrlError('blocked_host', `${label} points to a local or internal host (${hint(named, policy)})`);
    }
  }
  if (url.protocol !== 'https:' && !policy.allowPrivate) {
    throw new UnsafeUrlError('scheme', `${label} must start with https://`);
  }
  if (literal === null && policy.resolve) {
    let addresses: string[];
    try {
      addresses = await policy.resolve(host);
    } catch {
      addresses = [];
    }
    if (addresses.length === 0) {
      throw new UnsafeUrlError('unresolvable', `${label} host ${host} could not be resolved`);
    }
    for (const address of addresses) {
      const cls = classifyIp(address) ?? 'blocked';
      if (!allowed(cls, policy.allowPrivate)) {
        throw new UnsafeUrlError(
          'resolves_to_blocked_address',
          `${label} host ${host} resolves to a private or reserved address (${hint(cls, policy)})`,
        );
      }
    }
  }
  return normalized;
}
