import { isIP } from 'node:net';

/**
 * TRUST_PROXY: whose X-Forwarded-For (and -Proto, -Host) the server believes. `off`; a number of proxies
 * in front (1: only the address the nearest proxy added, the right-most, is the client's; whatever the
 * client wrote to the left of it changes nothing); or the proxies' own addresses and CIDRs.
 */
export type TrustProxy = false | number | string[];

export const TRUST_PROXY_ON =
  'cannot be on (it would believe any X-Forwarded-For a client sends): set 1 for one proxy such as nginx or Caddy in front, or the proxies’ addresses (e.g. 127.0.0.1,10.0.0.0/8)';
export const TRUST_PROXY_FORMAT =
  'must be off, a number of proxies in front (1 to 10), or proxy addresses/CIDRs separated by commas (e.g. 127.0.0.1,10.0.0.0/8)';

const MAX_HOPS = 10;

function isAddressOrRange(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/** The setting read from its text, or null when it is not one of the forms above. */
export function parseTrustProxy(text: string): TrustProxy | null {
  const value = text.trim();
  if (value === 'off') return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops >= 1 && hops <= MAX_HOPS ? hops : null;
  }
  const entries = value.split(',').map((e) => e.trim());
  return entries.every(isAddressOrRange) ? entries : null;
}

/**
 * Fastify's `trustProxy` for the setting. Fastify itself ignores a bare hop count, so a count becomes a
 * function that trusts the nearest `hops` peers: the socket's (hop 0) and the addresses proxies added.
 * Fastify reads X-Forwarded-Proto/-Host only when the socket's peer (hop 0) is trusted, and then their
 * right-most value, the one the nearest proxy set.
 */
export function fastifyTrustProxy(setting: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting !== 'number') return setting;
  return (_address, hop) => hop < setting;
}
