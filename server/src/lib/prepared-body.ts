import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync, type BrotliOptions } from 'node:zlib';

/**
 * A public body serialised once — its bytes (JSON, or a rendered page), gzip and brotli copies, a strong
 * ETag (a hash of the bytes) — so that serving it again costs a lookup and a write (http/prepared-reply.ts
 * serves it). Prepared bodies are kept by the modules that make them (bible.service.ts), not by the store.
 */
export interface PreparedBody {
  etag: string;
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
  contentType: string;
}

/** What a prepared body holds in memory, for caches kept under a budget of bytes. */
export function preparedBytes(body: PreparedBody): number {
  return body.identity.length + body.gzip.length + body.br.length + body.etag.length + 64;
}

const strongEtag = (identity: Buffer) => `"${createHash('sha256').update(identity).digest('base64url').slice(0, 32)}"`;

/** `effort` trades compression for time: most for what is prepared once and read often, less for a search. */
export function prepareBody(body: string, effort: 'most' | 'quick' = 'most', contentType = 'application/json; charset=utf-8'): PreparedBody {
  const identity = Buffer.from(body);
  return {
    etag: strongEtag(identity),
    identity,
    gzip: gzipSync(identity, { level: effort === 'most' ? 9 : 6 }),
    br: brotliCompressSync(identity, brotliOptions(identity, effort)),
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
const gzipOnThread = promisify(gzip);

/** `prepareBody`, compressed on libuv's threads: for bodies of hundreds of KB, which would hold the event loop. */
export async function prepareBodyOffThread(body: string, contentType = 'application/json; charset=utf-8'): Promise<PreparedBody> {
  const identity = Buffer.from(body);
  const [gzipped, br] = await Promise.all([gzipOnThread(identity, { level: 9 }), brotliOnThread(identity, brotliOptions(identity, 'most'))]);
  return { etag: strongEtag(identity), identity, gzip: gzipped, br, contentType };
}

/**
 * The sizes a reply of this body would have (its bytes and its brotli copy, as `prepareBody` makes
 * them), compressed on one of libuv's threads so that the event loop stays free meanwhile.
 */
export async function preparedSizes(body: string, effort: 'most' | 'quick' = 'most'): Promise<{ identity: number; br: number }> {
  const identity = Buffer.from(body);
  return { identity: identity.length, br: (await brotliOnThread(identity, brotliOptions(identity, effort))).length };
}
