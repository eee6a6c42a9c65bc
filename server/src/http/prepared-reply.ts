import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzipSync, type BrotliOptions } from 'node:zlib';

/**
 * A public reply serialised once — its bytes (JSON, or a rendered page), gzip and brotli copies, a strong ETag (a hash of the
 * bytes) — so that serving it again costs a lookup and a write. Prepared replies are kept by the bible
 * module (bible.service.ts), not by the store.
 */
export interface PreparedReply {
  etag: string;
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
  cacheControl: string;
  contentType: string;
}

/** `effort` trades compression for time: most for what is prepared once and read often, less for a search. */
export function prepareReply(
  body: string,
  cacheControl: string,
  effort: 'most' | 'quick' = 'most',
  contentType = 'application/json; charset=utf-8',
): PreparedReply {
  const identity = Buffer.from(body);
  return {
    etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 32)}"`,
    identity,
    gzip: gzipSync(identity, { level: effort === 'most' ? 9 : 6 }),
    br: brotliCompressSync(identity, brotliOptions(identity, effort)),
    cacheControl,
    contentType,
  };
}

function brotliOptions(identity: Buffer, effort: 'most' | 'quick'): BrotliOptions {
  return {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: effort === 'most' ? 9 : 5,
      [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    },
  };
}

const brotliOnThread = promisify(brotliCompress);

/**
 * The sizes a reply of this body would have (its bytes and its brotli copy, as `prepareReply` makes
 * them), compressed on one of libuv's threads so that the event loop stays free meanwhile.
 */
export async function preparedSizes(body: string, effort: 'most' | 'quick' = 'most'): Promise<{ identity: number; br: number }> {
  const identity = Buffer.from(body);
  return { identity: identity.length, br: (await brotliOnThread(identity, brotliOptions(identity, effort))).length };
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

export interface PreparedResponse {
  status: 200 | 304;
  headers: Readonly<Record<string, string>>;
  body?: Buffer;
}

// The four answers a prepared reply can give, built once per reply and shared by every request.
const answers = new WeakMap<PreparedReply, Record<Encoding | 'notModified', PreparedResponse>>();

function answersOf(prepared: PreparedReply): Record<Encoding | 'notModified', PreparedResponse> {
  let built = answers.get(prepared);
  if (!built) {
    const common = { etag: prepared.etag, 'cache-control': prepared.cacheControl, vary: 'Accept-Encoding' };
    const ok = (body: Buffer, encoding?: string): PreparedResponse => ({
      status: 200,
      headers: {
        ...common,
        'content-type': prepared.contentType,
        ...(encoding && { 'content-encoding': encoding }),
        'content-length': String(body.length),
      },
      body,
    });
    built = { br: ok(prepared.br, 'br'), gzip: ok(prepared.gzip, 'gzip'), identity: ok(prepared.identity), notModified: { status: 304, headers: common } };
    answers.set(prepared, built);
  }
  return built;
}

/** What to answer a request for a prepared reply: 304 for a matching ETag, else the bytes in the encoding the client takes. */
export function preparedResponse(prepared: PreparedReply, request: IncomingHttpHeaders): PreparedResponse {
  const built = answersOf(prepared);
  if (matchesEtag(request['if-none-match'], prepared.etag)) return built.notModified;
  return built[chooseEncoding(request['accept-encoding'])];
}

/**
 * Sends a prepared reply through Fastify. The bytes bypass the typed serializer (`typedReply` is any
 * route's reply): they were checked when prepared.
 */
export function sendPrepared(req: FastifyRequest, typedReply: unknown, prepared: PreparedReply) {
  const { status, headers, body } = preparedResponse(prepared, req.headers);
  return (typedReply as FastifyReply).code(status).headers(headers).send(body);
}
