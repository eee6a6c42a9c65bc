import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { chapterContent, type ChapterContent } from '#common/contracts/bible.ts';
import type { PreparedReply } from '../../bible/store/bible-store.ts';

/**
 * Serialises a chapter reply once: validated against the contract, then kept as gzip and brotli bytes
 * with a strong ETag (a hash of the JSON), so repeated reads cost a map lookup. The rare client that
 * accepts neither gets the gzip bytes inflated on the fly rather than a third copy kept in memory.
 */
export function prepareReply(payload: ChapterContent): PreparedReply {
  const identity = Buffer.from(JSON.stringify(chapterContent.parse(payload)));
  return {
    etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 32)}"`,
    gzip: gzipSync(identity, { level: 9 }),
    br: brotliCompressSync(identity, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 9,
        [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    }),
  };
}

/** Picks br, then gzip, then identity, honouring q=0 refusals in Accept-Encoding. */
export function chooseEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | 'identity' {
  if (!acceptEncoding) return 'identity';
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
  return ifNoneMatch.split(',').some((t) => {
    const tag = t.trim().replace(/^W\//, '');
    return tag === etag || tag === '*';
  });
}
