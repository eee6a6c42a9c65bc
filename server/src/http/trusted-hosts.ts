import { networkInterfaces } from 'node:os';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The names this server answers to. Links the server writes (mail, canonical, og:url) are built from
 * the request's host, so a host an attacker picks would put the attacker's address into a password
 * reset mail. Only these hosts are served:
 *  - the host of PUBLIC_URL;
 *  - the address the server listens on (localhost, 127.0.0.1, [::1] and, on 0.0.0.0, this machine's
 *    own interface addresses) with its port;
 *  - ALLOWED_HOSTS: other names, each with a port ("bible.lan:3000") or for any port ("bible.lan").
 * Any other Host, and any malformed one, is refused with 400 before it reaches auth or pages.
 */
export class TrustedHosts {
  private readonly exact = new Set<string>();
  private readonly anyPort = new Set<string>();
  /** Patterns for better-auth's dynamic base URL; grows when the listening port becomes known. */
  readonly patterns: string[] = [];

  constructor(options: { publicUrl?: string; allowedHosts: readonly string[]; listen?: { host: string; port: number } }) {
    if (options.publicUrl) this.addExact(new URL(options.publicUrl).host);
    // Known before listening (better-auth wants its list at start), unless the port is picked at random.
    if (options.listen && options.listen.port !== 0) this.addListening([{ address: options.listen.host, port: options.listen.port }]);
    for (const entry of options.allowedHosts) {
      const host = entry.toLowerCase();
      if (parseHost(host)?.port === undefined) {
        this.anyPort.add(host);
        this.patterns.push(host, `${host}:*`);
      } else this.addExact(host);
    }
  }

  /** The server is listening: its own addresses become trusted names. */
  addListening(addresses: readonly { address: string; port: number }[]): void {
    for (const { address, port } of addresses) {
      const wildcard = address === '0.0.0.0' || address === '::';
      const names = wildcard ? ['localhost', '127.0.0.1', '::1', ...interfaceAddresses()] : [address, ...(isLoopback(address) ? ['localhost'] : [])];
      for (const name of names) {
        const host = name.includes(':') ? `[${name}]` : name;
        this.addExact(`${host}:${port}`);
        if (port === 80) this.addExact(host);
      }
    }
  }

  allows(host: string | undefined): boolean {
    if (!host) return false;
    const lower = host.toLowerCase();
    if (this.exact.has(lower)) return true;
    const parsed = parseHost(lower);
    return parsed !== undefined && this.anyPort.has(parsed.name);
  }

  private addExact(host: string): void {
    const lower = host.toLowerCase();
    if (this.exact.has(lower)) return;
    this.exact.add(lower);
    this.patterns.push(lower);
  }
}

/** RFC 3986 host: a DNS name, an IPv4 address or a bracketed IPv6 address, and an optional port. */
const HOST = /^(?:\[[0-9a-f:.]+\]|[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*)(?::(\d{1,5}))?$/i;

export function parseHost(host: string): { name: string; port?: number } | undefined {
  if (host.length > 260) return undefined;
  const match = HOST.exec(host);
  if (!match) return undefined;
  const port = match[1] === undefined ? undefined : Number(match[1]);
  if (port !== undefined && (port < 1 || port > 65535)) return undefined;
  const name = port === undefined ? host : host.slice(0, host.length - match[1]!.length - 1);
  return { name: name.toLowerCase(), port };
}

function isLoopback(address: string): boolean {
  return address === '::1' || address.startsWith('127.');
}

function interfaceAddresses(): string[] {
  return Object.values(networkInterfaces())
    .flat()
    .map((i) => i?.address)
    .filter((a): a is string => Boolean(a) && !a!.startsWith('fe80'));
}

export const UNKNOWN_HOST = 'This server does not answer to that host name. Its administrator can add it to PUBLIC_URL or ALLOWED_HOSTS.';
export const BAD_PROTOCOL = 'The forwarded protocol must be http or https.';

/** onRequest hook: refuse unknown or malformed hosts (and, behind a proxy, a forwarded protocol that is neither http nor https). */
export function refuseUnknownHosts(hosts: TrustedHosts) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    if (!hosts.allows(req.host)) return reply.code(400).send({ message: UNKNOWN_HOST });
    if (req.protocol !== 'http' && req.protocol !== 'https') return reply.code(400).send({ message: BAD_PROTOCOL });
  };
}

/** The origin of this request, for links the server writes: trusted once refuseUnknownHosts has run. */
export function requestOrigin(req: FastifyRequest, publicUrl: string | undefined): string {
  return publicUrl ?? `${req.protocol}://${req.host.toLowerCase()}`;
}
