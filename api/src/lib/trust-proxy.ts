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
