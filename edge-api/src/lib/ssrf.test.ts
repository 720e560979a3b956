import { describe, expect, it } from 'vitest';
import { assertSafeUrl, classifyIp, type HostResolver, parseIpv6, UnsafeUrlError } from './ssrf';

const strict = { allowPrivate: false };
const permissive = { allowPrivate: true };

async function refusal(url: string, policy: Parameters<typeof assertSafeUrl>[1] = strict) {
  try {
    await assertSafeUrl(url, policy);
  } catch (err) {
    if (err instanceof UnsafeUrlError) return err.reason;
    throw err;
  }
  return 'accepted';
}

describe('assertSafeUrl: accepted URLs', () => {
  it('accepts a public https URL and normalizes it (no trailing slash, lower-case host)', async () => {
    await expect(assertSafeUrl('https://API.Example.com/catalogues/alpha/', strict)).resolves.toBe(
      'https://api.example.com/catalogues/alpha',
    );
    await expect(assertSafeUrl('https://93.184.215.14:8443', strict)).resolves.toBe('https://93.184.215.14:8443');
    await expect(assertSafeUrl('https://[2606:4700::1111]/v', strict)).resolves.toBe('https://[2606:4700::1111]/v');
  });

  it('checks every address a host name resolves to', async () => {
    const resolve: HostResolver = async (host) =>
      host === 'good.example' ? ['93.184.215.14', '2606:4700::1111'] : ['93.184.215.14', '10.0.0.5'];
    await expect(assertSafeUrl('https://good.example', { ...strict, resolve })).resolves.toBe('https://good.example');
    expect(await refusal('https://mixed.example', { ...strict, resolve })).toBe('resolves_to_blocked_address');
  });
});

describe('assertSafeUrl: refusals', () => {
  const cases: Array<[string, string]> = [
    ['not a url', 'invalid_url'],
    ['http://api.example.com', 'scheme'],
    ['ftp://api.example.com', 'scheme'],
    ['file:///etc/passwd', 'scheme'],
    ['https://user:pw@api.example.com', 'credentials'],
    ['https://api.example.com/?x=1', 'query'],
    ['https://api.example.com/#frag', 'query'],
    // loopback
    ['https://127.0.0.1', 'blocked_address'],
    ['https://127.1.2.3:8080', 'blocked_address'],
    ['https://localhost', 'blocked_host'],
    ['https://api.localhost', 'blocked_host'],
    ['https://[::1]', 'blocked_address'],
    // private
    ['https://10.1.2.3', 'blocked_address'],
    ['https://172.16.0.1', 'blocked_address'],
    ['https://172.31.255.255', 'blocked_address'],
    ['https://192.168.1.1', 'blocked_address'],
    ['https://[fc00::1]', 'blocked_address'],
    ['https://[fd12:3456::1]', 'blocked_address'],
    // link-local and metadata
    ['https://169.254.1.1', 'blocked_address'],
    ['https://169.254.169.254/latest/meta-data', 'blocked_address'],
    ['https://[fe80::1]', 'blocked_address'],
    ['https://metadata.google.internal', 'blocked_host'],
    ['https://metadata.google.internal.', 'blocked_host'],
    ['https://anything.internal', 'blocked_host'],
    // CGNAT, unspecified, multicast, reserved
    ['https://100.64.0.1', 'blocked_address'],
    ['https://100.127.255.254', 'blocked_address'],
    ['https://0.0.0.0', 'blocked_address'],
    ['https://[::]', 'blocked_address'],
    ['https://224.0.0.1', 'blocked_address'],
    ['https://255.255.255.255', 'blocked_address'],
    // IPv4-mapped / compatible / NAT64 / 6to4 IPv6
    ['https://[::ffff:127.0.0.1]', 'blocked_address'],
    ['https://[::ffff:7f00:1]', 'blocked_address'],
    ['https://[::ffff:169.254.169.254]', 'blocked_address'],
    ['https://[::ffff:10.0.0.1]', 'blocked_address'],
    ['https://[::127.0.0.1]', 'blocked_address'],
    ['https://[64:ff9b::a9fe:a9fe]', 'blocked_address'],
    ['https://[2002:7f00:1::]', 'blocked_address'],
    // decimal, octal, hex and short IPv4 forms
    ['https://2130706433', 'blocked_address'],
    ['https://0x7f000001', 'blocked_address'],
    ['https://0x7f.1', 'blocked_address'],
    ['https://0177.0.0.1', 'blocked_address'],
    ['https://017700000001', 'blocked_address'],
    ['https://127.1', 'blocked_address'],
    ['https://2852039166', 'blocked_address'], // 169.254.169.254
    ['https://0xa9.0xfe.0xa9.0xfe', 'blocked_address'],
  ];
  for (const [url, reason] of cases) {
    it(`refuses ${url} (${reason})`, async () => {
      expect(await refusal(url)).toBe(reason);
    });
  }

  it('refuses host names that resolve to private, loopback or metadata addresses', async () => {
    for (const address of ['127.0.0.1', '10.0.0.1', '169.254.169.254', '::1', '::ffff:192.168.0.1', 'fd00::1']) {
      const resolve: HostResolver = async () => [address];
      expect(await refusal('https://rebind.example', { ...strict, resolve }), address).toBe(
        'resolves_to_blocked_address',
      );
    }
  });

  it('refuses a host name that does not resolve', async () => {
    const resolve: HostResolver = async () => {
      throw new Error('ENOTFOUND');
    };
    expect(await refusal('https://nowhere.example', { ...strict, resolve })).toBe('unresolvable');
    expect(await refusal('https://empty.example', { ...strict, resolve: async () => [] })).toBe('unresolvable');
  });
});

describe('assertSafeUrl with ALLOW_PRIVATE_PROVIDER_URLS', () => {
  it('allows http, loopback, localhost and private networks (the embedded sandbox)', async () => {
    await expect(assertSafeUrl('http://127.0.0.1:8787/sandbox/carrier/catalogues/alpha', permissive)).resolves.toBe(
      'http://127.0.0.1:8787/sandbox/carrier/catalogues/alpha',
    );
    for (const url of ['http://localhost:9000', 'http://10.0.0.2', 'http://[::1]:81', 'http://100.64.1.1']) {
      expect(await refusal(url, permissive), url).toBe('accepted');
    }
    const resolve: HostResolver = async () => ['127.0.0.1'];
    expect(await refusal('http://sandbox.example', { ...permissive, resolve })).toBe('accepted');
  });

  it('still refuses metadata, link-local, unspecified and non-http schemes', async () => {
    for (const url of [
      'http://169.254.169.254',
      'http://[::ffff:169.254.169.254]',
      'http://metadata.google.internal',
      'http://0.0.0.0:8787',
      'http://[fe80::1]',
    ]) {
      expect(await refusal(url, permissive), url).not.toBe('accepted');
    }
    expect(await refusal('file:///etc/passwd', permissive)).toBe('scheme');
    const resolve: HostResolver = async () => ['169.254.169.254'];
    expect(await refusal('http://meta.example', { ...permissive, resolve })).toBe('resolves_to_blocked_address');
  });
});

describe('assertSafeUrl with the embedded sandbox trusted (the default start)', () => {
  const sandbox = { allowPrivate: false, trusted: () => ['http://127.0.0.1:8787/sandbox/carrier'] };

  it("allows exactly the sandbox's own base URLs, http and loopback included", async () => {
    for (const url of [
      'http://127.0.0.1:8787/sandbox/carrier',
      'http://127.0.0.1:8787/sandbox/carrier/catalogues/alpha/',
      'HTTP://127.0.0.1:8787/sandbox/carrier/catalogues/beta',
    ]) {
      expect(await refusal(url, sandbox), url).toBe('accepted');
    }
  });

  it('refuses every other private address, the rest of this origin and tricks around the prefix', async () => {
    const cases: Array<[string, string]> = [
      ['http://10.1.2.3/', 'blocked_address'],
      ['https://10.1.2.3/', 'blocked_address'],
      ['http://192.168.0.10/sandbox/carrier', 'blocked_address'],
      ['http://127.0.0.1:8788/sandbox/carrier', 'blocked_address'],
      ['http://127.0.0.1:8787/api/admin/users', 'blocked_address'],
      ['http://127.0.0.1:8787/sandbox/carrierX', 'blocked_address'],
      ['http://127.0.0.1:8787/sandbox/carrier/../../api', 'blocked_address'],
      ['http://127.0.0.1:8787/sandbox/carrier/%2e%2e/%2e%2e/api', 'blocked_address'],
      ['http://localhost:8787/sandbox/carrier', 'blocked_host'],
      ['http://user:pw@127.0.0.1:8787/sandbox/carrier', 'credentials'],
      ['http://127.0.0.1:8787/sandbox/carrier?x=1', 'query'],
      ['http://93.184.215.14/sandbox/carrier', 'scheme'],
    ];
    for (const [url, reason] of cases) expect(await refusal(url, sandbox), url).toBe(reason);
  });

  it('refuses a private literal before asking DNS or anyone else', async () => {
    let lookups = 0;
    const resolve: HostResolver = async () => {
      lookups += 1;
      return ['93.184.215.14'];
    };
    expect(await refusal('http://10.1.2.3/', { ...sandbox, resolve })).toBe('blocked_address');
    expect(lookups).toBe(0);
  });
});

describe('IP parsing', () => {
  it('expands IPv6 forms', () => {
    expect(parseIpv6('::1')).toEqual([0, 0, 0, 0, 0, 0, 0, 1]);
    expect(parseIpv6('::ffff:1.2.3.4')).toEqual([0, 0, 0, 0, 0, 0xffff, 0x102, 0x304]);
    expect(parseIpv6('fe80::1%eth0')).toEqual([0xfe80, 0, 0, 0, 0, 0, 0, 1]);
    expect(parseIpv6('1:2:3:4:5:6:7:8')).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(parseIpv6('1::2::3')).toBeNull();
    expect(parseIpv6('1:2:3:4:5:6:7:8:9')).toBeNull();
    expect(parseIpv6('12345::')).toBeNull();
  });

  it('classifies addresses', () => {
    expect(classifyIp('8.8.8.8')).toBe('public');
    expect(classifyIp('172.15.255.255')).toBe('public');
    expect(classifyIp('172.32.0.0')).toBe('public');
    expect(classifyIp('100.63.255.255')).toBe('public');
    expect(classifyIp('100.128.0.0')).toBe('public');
    expect(classifyIp('192.168.0.1')).toBe('private');
    expect(classifyIp('169.254.169.254')).toBe('blocked');
    expect(classifyIp('[::ffff:8.8.8.8]')).toBe('public');
    expect(classifyIp('2001:4860:4860::8888')).toBe('public');
    expect(classifyIp('example.com')).toBeNull();
  });
});

describe('assertSafeUrl: messages name the setting that would allow the address', () => {
  const message = async (url: string, policy: Parameters<typeof assertSafeUrl>[1] = strict) =>
    assertSafeUrl(url, policy).then(
      () => 'accepted',
      (err: Error) => err.message,
    );

  it('a private address or local host names ALLOW_PRIVATE_PROVIDER_URLS=true as the way to allow it', async () => {
    const hint = 'allowed only when the server sets ALLOW_PRIVATE_PROVIDER_URLS=true, for a provider or sandbox';
    expect(await message('https://10.0.0.8')).toBe(
      `Base URL points to a private or reserved address (${hint} on your own network)`,
    );
    expect(await message('http://127.0.0.1:8788/sandbox/carrier')).toContain(hint);
    expect(await message('https://localhost')).toBe(
      `Base URL points to a local or internal host (${hint} on your own network)`,
    );
    const resolve: HostResolver = async () => ['192.168.1.9'];
    expect(await message('https://lan.example', { ...strict, resolve })).toBe(
      `Base URL host lan.example resolves to a private or reserved address (${hint} on your own network)`,
    );
  });

  it('an address the setting cannot allow says so, under the same name', async () => {
    expect(await message('https://169.254.169.254', permissive)).toBe(
      'Base URL points to a private or reserved address (refused even with ALLOW_PRIVATE_PROVIDER_URLS=true)',
    );
    expect(await message('https://metadata.google.internal')).toBe(
      'Base URL points to a local or internal host (refused even with ALLOW_PRIVATE_PROVIDER_URLS=true)',
    );
  });
});

describe('assertSafeUrl for webhook URLs (label, query string, the setting named)', () => {
  const webhook = {
    allowPrivate: false,
    label: 'Webhook URL',
    allowQuery: true,
    privateSetting: 'ALLOW_PRIVATE_WEBHOOK_URLS',
  };

  it('keeps a query string, still refuses a fragment', async () => {
    expect(await assertSafeUrl('https://hooks.example.com/in?token=abc', webhook)).toBe(
      'https://hooks.example.com/in?token=abc',
    );
    expect(await refusal('https://hooks.example.com/in#x', webhook)).toBe('query');
    expect(await refusal('https://hooks.example.com/in?token=abc')).toBe('query');
  });

  it('names the webhook URL and the webhook setting in its refusals', async () => {
    const text = async (url: string) => {
      try {
        await assertSafeUrl(url, webhook);
      } catch (err) {
        return (err as Error).message;
      }
      return 'accepted';
    };
    expect(await text('http://127.0.0.1:9/hook')).toBe(
      'Webhook URL points to a private or reserved address (allowed only when the server sets ALLOW_PRIVATE_WEBHOOK_URLS=true)',
    );
    expect(await text('https://169.254.169.254/latest')).toBe(
      'Webhook URL points to a private or reserved address (refused even with ALLOW_PRIVATE_WEBHOOK_URLS=true)',
    );
    expect(await text('http://hooks.example.com/in')).toBe('Webhook URL must start with https://');
  });
});
