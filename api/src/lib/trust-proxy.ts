import { BlockList, isIP } from 'node:net';
import type { Config } from '@app/worker';

type TrustProxy = (address: string, hop: number) => boolean;

/**
 * Fastify's `trustProxy` for the configured TRUST_PROXY (decision A7). Fastify 5 ignores a bare
 * hop count for the client address (it cannot tell a proxy from a direct client), so a count is
 * passed as the usual "trust the n nearest hops" function; addresses and ranges go as they are.
 * A hop count is only safe when the app's port is reachable through those proxies alone.
 */
export function fastifyTrustProxy(setting: Config['TRUST_PROXY']): false | string[] | TrustProxy {
  if (typeof setting === 'number') return setting > 0 ? (_address, hop) => hop < setting : false;
  return setting;
}

/** Loopback and private networks (RFC 1918, RFC 4193): where monitors and load balancers call from. */
const INTERNAL_NETWORKS = new BlockList();
INTERNAL_NETWORKS.addSubnet('127.0.0.0', 8);
INTERNAL_NETWORKS.addSubnet('10.0.0.0', 8);
INTERNAL_NETWORKS.addSubnet('172.16.0.0', 12);
INTERNAL_NETWORKS.addSubnet('192.168.0.0', 16);
INTERNAL_NETWORKS.addAddress('::1', 'ipv6');
INTERNAL_NETWORKS.addSubnet('fc00::', 7, 'ipv6');

/**
 * Whether a client address (Fastify's `request.ip`: the socket's, or the forwarded one TRUST_PROXY
 * vouches for) is on loopback or a private network. An IPv4 address mapped into IPv6
 * (`::ffff:10.1.2.3`, a dual-stack socket's form) counts as the IPv4 one.
 */
export function isInternalAddress(ip: string): boolean {
  const address = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1] ?? ip;
  const version = isIP(address);
  if (version === 0) return false;
  return INTERNAL_NETWORKS.check(address, version === 4 ? 'ipv4' : 'ipv6');
}
