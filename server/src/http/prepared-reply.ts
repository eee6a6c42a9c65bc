import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PreparedBody } from '../lib/prepared-body.ts';

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

type Answers = Record<Encoding | 'notModified', PreparedResponse> & { cacheControl: string };

// The four answers a prepared body can give, built once per body (and freshness) and shared by every request.
const answers = new WeakMap<PreparedBody, Answers>();

function answersOf(prepared: PreparedBody, cacheControl: string): Answers {
  let built = answers.get(prepared);
  if (built?.cacheControl !== cacheControl) {
    const common = { etag: prepared.etag, 'cache-control': cacheControl, vary: 'Accept-Encoding' };
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
    built = {
      br: ok(prepared.br, 'br'),
      gzip: ok(prepared.gzip, 'gzip'),
      identity: ok(prepared.identity),
      notModified: { status: 304, headers: common },
      cacheControl,
    };
    answers.set(prepared, built);
  }
  return built;
}

/**
 * What to answer a request for a prepared body served with `cacheControl`: 304 for a matching ETag, else
 * the bytes in the encoding the client takes.
 */
export function preparedResponse(prepared: PreparedBody, cacheControl: string, request: IncomingHttpHeaders): PreparedResponse {
  const built = answersOf(prepared, cacheControl);
  if (matchesEtag(request['if-none-match'], prepared.etag)) return built.notModified;
  return built[chooseEncoding(request['accept-encoding'])];
}

/**
 * Sends a prepared body through Fastify, fresh for `cacheControl`. The bytes bypass the typed serializer
 * (`typedReply` is any route's reply): they were checked when prepared.
 */
export function sendPrepared(req: FastifyRequest, typedReply: unknown, prepared: PreparedBody, cacheControl: string) {
  const { status, headers, body } = preparedResponse(prepared, cacheControl, req.headers);
  return (typedReply as FastifyReply).code(status).headers(headers).send(body);
}
