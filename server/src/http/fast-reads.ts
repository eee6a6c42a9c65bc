import type { IncomingMessage, ServerResponse } from 'node:http';
import type { PreparedBody } from '../lib/prepared-body.ts';
import { preparedResponse, type PreparedResponse } from './prepared-reply.ts';
import type { TrustedHosts } from './trusted-hosts.ts';

/** A prepared body and how long a client may keep it. */
export interface FastReply {
  body: PreparedBody;
  cacheControl: string;
}

/** The prepared reply for a public read (path and query as sent), or undefined when it is not one. */
export type FastRead = (path: string, query: string) => FastReply | undefined;

/**
 * Public reads that are already prepared (a chapter, the book and translation lists) are answered
 * here, before Fastify: no routing, hooks or schema run for them, which is most of what such a read
 * costs. Only what the full path would answer the same way is answered here — a GET or HEAD on an
 * allowed host, over plain http with nothing forwarded, whose reply is prepared — with the same
 * security headers; everything else, errors included, goes on to Fastify.
 */
export function fastReads(options: { hosts: TrustedHosts; headers: Record<string, string>; read: FastRead }) {
  const { hosts, headers: security, read } = options;
  // One header object per prepared answer, the security headers included: one write per request.
  const merged = new WeakMap<PreparedResponse, Record<string, string>>();
  const withSecurity = (response: PreparedResponse) => {
    let headers = merged.get(response);
    if (!headers) merged.set(response, (headers = { ...security, ...response.headers }));
    return headers;
  };
  const answer = (req: IncomingMessage, res: ServerResponse): boolean => {
    const url = req.url;
    if (!url?.startsWith('/api/bible/') || (req.method !== 'GET' && req.method !== 'HEAD')) return false;
    const h = req.headers;
    if (h['x-forwarded-host'] !== undefined || h['x-forwarded-proto'] !== undefined || !hosts.allows(h.host)) return false;
    const q = url.indexOf('?');
    const prepared = read(q < 0 ? url : url.slice(0, q), q < 0 ? '' : url.slice(q + 1));
    if (!prepared) return false;
    const response = preparedResponse(prepared.body, prepared.cacheControl, h);
    res.writeHead(response.status, withSecurity(response));
    res.end(req.method === 'HEAD' ? undefined : response.body);
    answer.served++;
    return true;
  };
  /** How many reads were answered here (the rest went to Fastify). */
  answer.served = 0;
  return answer;
}
