import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * A public reply serialised once — JSON bytes, gzip and brotli copies, a strong ETag (a hash of the
 * JSON) — so that serving it again costs a lookup and a write. Prepared replies are kept by the bible
 * module (bible.service.ts), not by the store.
 */
export interface PreparedReply {
  etag: string;
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
  cacheControl: string;
}

export function prepareReply(json: string, cacheControl: string): PreparedReply {
  const identity = Buffer.from(json);
  return {
    etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 32)}"`,
    identity,
    gzip: gzipSync(identity, { level: 9 }),
    br: brotliCompressSync(identity, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 9,
        [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    }),
    cacheControl,
  };
}

export type Encoding = 'br' | 'gzip' | 'identity';

/** Picks br, then gzip, then identity, honouring q=0 refusals in Accept-Encoding. */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return 'identity';
  // The usual browser header, without parsing it.
  if (acceptEncoding === 'gzip, deflate, br, zstd' || acceptEncoding === 'gzip, deflate, br' || acceptEncoding === 'br') return 'br';
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find(Boolean);
    accepted.set(name!.trim(), q === undefined ? 1 : Number(q));
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return 'identity';
}

/** True when an If-None-Match header names this ETag (or is "*"). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch === etag) return true;
  return ifNoneMatch.split(',').some((t) => {
    const tag = t.trim().replace(/^W\//, '');
    return tag === etag || tag === '*';
  });
}

/** What to answer a request for a prepared reply: status, headers and body (none for a 304). */
export function preparedResponse(prepared: PreparedReply, request: IncomingHttpHeaders): { status: 200 | 304; headers: Record<string, string>; body?: Buffer } {
  const headers: Record<string, string> = { etag: prepared.etag, 'cache-control': prepared.cacheControl, vary: 'Accept-Encoding' };
  if (matchesEtag(request['if-none-match'], prepared.etag)) return { status: 304, headers };
  headers['content-type'] = 'application/json; charset=utf-8';
  const encoding = chooseEncoding(request['accept-encoding']);
  if (encoding !== 'identity') headers['content-encoding'] = encoding;
  return { status: 200, headers, body: encoding === 'br' ? prepared.br : encoding === 'gzip' ? prepared.gzip : prepared.identity };
}
