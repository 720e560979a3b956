import { type BulkLabelLinkResponse, LABEL_LINK_TTL_SECONDS, type LabelLinkResponse } from '@labeldesk/contracts';

/**
 * Short-lived links signed for one label, so a label opens in a new tab without the session token in its URL:
 * `?exp=<unix seconds>&sig=<hex HMAC-SHA256 over the label id and exp>`. The HMAC key is derived (HKDF) from the
 * session secret with a purpose string of its own, so a link signature is never a valid token signature and vice
 * versa. WebCrypto only: the same code on Node and in workerd.
 */

const PURPOSE = 'labeldesk/label-link/v1';
const encoder = new TextEncoder();
const keys = new Map<string, Promise<CryptoKey>>();

function linkKey(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = (async () => {
      const material = await crypto.subtle.importKey('raw', encoder.encode(secret), 'HKDF', false, ['deriveKey']);
      return crypto.subtle.deriveKey(
        { name: 'HKDF', hash: 'SHA-256', salt: encoder.encode(PURPOSE), info: encoder.encode('hmac-sha256') },
        material,
        { name: 'HMAC', hash: 'SHA-256', length: 256 },
        false,
        ['sign', 'verify'],
      );
    })();
    // One secret per process in practice; the cap only guards against unbounded growth.
    if (keys.size > 8) keys.clear();
    keys.set(secret, key);
  }
  return key;
}

const message = (labelId: string, exp: number) => encoder.encode(`${labelId}\n${exp}`);

function toHex(bytes: Uint8Array): string {
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

function fromHex(hex: string): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

/** The hex signature of a link to `labelId` valid until `exp` (unix seconds). */
export async function signLabelLink(secret: string, labelId: string, exp: number): Promise<string> {
  const mac = await crypto.subtle.sign('HMAC', await linkKey(secret), message(labelId, exp));
  return toHex(new Uint8Array(mac));
}

export interface LinkCheck {
  exp: string | undefined;
  sig: string | undefined;
}

/**
 * True when `sig` signs (`labelId`, `exp`) with our key, `exp` has not passed at `now`, and `exp` lies at most
 * `maxTtlSeconds` ahead (a link is never valid longer than one we would issue). Constant-time comparison
 * (`crypto.subtle.verify`).
 */
export async function verifyLabelLink(
  secret: string,
  labelId: string,
  link: LinkCheck,
  now: Date,
  maxTtlSeconds = LABEL_LINK_TTL_SECONDS,
): Promise<boolean> {
  if (!link.exp || !link.sig || !/^\d{1,12}$/.test(link.exp) || !/^[0-9a-f]{64}$/.test(link.sig)) return false;
  const exp = Number(link.exp);
  const nowSeconds = Math.floor(now.getTime() / 1000);
  if (exp < nowSeconds || exp - nowSeconds > maxTtlSeconds) return false;
  return crypto.subtle.verify('HMAC', await linkKey(secret), fromHex(link.sig), message(labelId, exp));
}

/** The three label URLs (relative: the UI opens them on its own origin), signed for `ttlSeconds` from `now`. */
export async function labelLinks(
  secret: string,
  labelId: string,
  now: Date,
  ttlSeconds = LABEL_LINK_TTL_SECONDS,
): Promise<LabelLinkResponse> {
  const exp = Math.floor(now.getTime() / 1000) + Math.min(ttlSeconds, LABEL_LINK_TTL_SECONDS);
  const sig = await signLabelLink(secret, labelId, exp);
  const base = `/api/labels/${encodeURIComponent(labelId)}`;
  const query = `?exp=${exp}&sig=${sig}`;
  return {
    url: `${base}${query}`,
    downloadUrl: `${base}/download${query}`,
    printUrl: `${base}/print${query}`,
    expiresAt: new Date(exp * 1000).toISOString(),
  };
}

/** What a bulk order's link signs: never an order id, so a link for one can never open the other. */
const bulkSubject = (bulkOrderId: string) => `bulk/${bulkOrderId}`;

/** True when the query signs the combined labels of `bulkOrderId` and has not expired (see verifyLabelLink). */
export function verifyBulkLabelLink(secret: string, bulkOrderId: string, link: LinkCheck, now: Date): Promise<boolean> {
  return verifyLabelLink(secret, bulkSubject(bulkOrderId), link, now);
}

/** The combined labels URLs of a bulk order (inline and download), signed for `ttlSeconds` from `now`. */
export async function bulkLabelLinks(
  secret: string,
  bulkOrderId: string,
  now: Date,
  ttlSeconds = LABEL_LINK_TTL_SECONDS,
): Promise<BulkLabelLinkResponse> {
  const exp = Math.floor(now.getTime() / 1000) + Math.min(ttlSeconds, LABEL_LINK_TTL_SECONDS);
  const sig = await signLabelLink(secret, bulkSubject(bulkOrderId), exp);
  const base = `/api/labels/bulk/${encodeURIComponent(bulkOrderId)}`;
  return {
    url: `${base}?exp=${exp}&sig=${sig}`,
    downloadUrl: `${base}?download=1&exp=${exp}&sig=${sig}`,
    expiresAt: new Date(exp * 1000).toISOString(),
  };
}
