import { LABEL_LINK_TTL_SECONDS } from '@labeldesk/contracts';
import { describe, expect, it } from 'vitest';
import { labelLinks, signLabelLink, verifyLabelLink } from './label-links';

const SECRET = 'unit-test-secret-0123456789abcdef-0123';
const NOW = new Date('2026-06-01T12:00:00.000Z');
const nowS = NOW.getTime() / 1000;

const query = (url: string) => {
  const params = new URL(url, 'http://x').searchParams;
  return { exp: params.get('exp') ?? undefined, sig: params.get('sig') ?? undefined };
};

describe('signed label links', () => {
  it('signs the three URLs for one label, valid for LABEL_LINK_TTL_SECONDS', async () => {
    const links = await labelLinks(SECRET, 'ord_abc', NOW);
    expect(links.url).toMatch(/^\/api\/labels\/ord_abc\?exp=\d+&sig=[0-9a-f]{64}$/);
    expect(links.downloadUrl).toBe(links.url.replace('ord_abc?', 'ord_abc/download?'));
    expect(links.printUrl).toBe(links.url.replace('ord_abc?', 'ord_abc/print?'));
    expect(links.expiresAt).toBe(new Date((nowS + LABEL_LINK_TTL_SECONDS) * 1000).toISOString());
    expect(await verifyLabelLink(SECRET, 'ord_abc', query(links.url), NOW)).toBe(true);
  });

  it('is deterministic for the same label, expiry and secret, and differs otherwise', async () => {
    const a = await signLabelLink(SECRET, 'ord_a', 1000);
    expect(await signLabelLink(SECRET, 'ord_a', 1000)).toBe(a);
    expect(await signLabelLink(SECRET, 'ord_b', 1000)).not.toBe(a);
    expect(await signLabelLink(SECRET, 'ord_a', 1001)).not.toBe(a);
    expect(await signLabelLink(`${SECRET}x`, 'ord_a', 1000)).not.toBe(a);
  });

  it('refuses another label, a changed expiry, a flipped bit, another secret, or a malformed query', async () => {
    const { exp, sig = '' } = query((await labelLinks(SECRET, 'ord_abc', NOW)).url);
    const flipped = `${sig.slice(0, 10)}${sig[10] === 'a' ? 'b' : 'a'}${sig.slice(11)}`;
    const check = (id: string, link: { exp?: string | undefined; sig?: string | undefined }, secret = SECRET) =>
      verifyLabelLink(secret, id, { exp: link.exp, sig: link.sig }, NOW);
    expect(await check('ord_abd', { exp, sig })).toBe(false);
    expect(await check('ord_abc', { exp: String(Number(exp) - 1), sig })).toBe(false);
    expect(await check('ord_abc', { exp, sig: flipped })).toBe(false);
    expect(await check('ord_abc', { exp, sig }, `${SECRET}-other`)).toBe(false);
    expect(await check('ord_abc', { exp, sig: sig.toUpperCase() })).toBe(false);
    expect(await check('ord_abc', { exp, sig: sig.slice(2) })).toBe(false);
    expect(await check('ord_abc', { exp: `${exp}.0`, sig })).toBe(false);
    expect(await check('ord_abc', { exp })).toBe(false);
    expect(await check('ord_abc', { sig })).toBe(false);
  });

  it('expires: valid up to exp, refused a second later', async () => {
    const { exp, sig } = query((await labelLinks(SECRET, 'ord_abc', NOW)).url);
    const at = (s: number) => new Date(s * 1000);
    expect(await verifyLabelLink(SECRET, 'ord_abc', { exp, sig }, at(Number(exp)))).toBe(true);
    expect(await verifyLabelLink(SECRET, 'ord_abc', { exp, sig }, at(Number(exp) + 1))).toBe(false);
  });

  it('never accepts a link that claims to live longer than the TTL, even correctly signed', async () => {
    const exp = nowS + LABEL_LINK_TTL_SECONDS + 60;
    const sig = await signLabelLink(SECRET, 'ord_abc', exp);
    expect(await verifyLabelLink(SECRET, 'ord_abc', { exp: String(exp), sig }, NOW)).toBe(false);
    // A shorter TTL asked for is honoured, a longer one capped.
    const long = await labelLinks(SECRET, 'ord_abc', NOW, 3600);
    expect(Date.parse(long.expiresAt)).toBe((nowS + LABEL_LINK_TTL_SECONDS) * 1000);
    const short = await labelLinks(SECRET, 'ord_abc', NOW, 5);
    expect(await verifyLabelLink(SECRET, 'ord_abc', query(short.url), new Date(NOW.getTime() + 6000))).toBe(false);
  });
});
