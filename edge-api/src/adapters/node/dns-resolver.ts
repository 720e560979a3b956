import { lookup } from 'node:dns/promises';
import type { HostResolver } from '../../lib/ssrf';

/** Every address a host name resolves to (IPv4 and IPv6), as the SSRF guard needs them. */
export const nodeDnsResolver: HostResolver = async (hostname) => {
  const results = await lookup(hostname, { all: true, verbatim: true });
  return results.map((r) => r.address);
};
