import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { BibleStore } from '../../scripture/store/bible-store.ts';

/** At most this many codes are looked for in one request (compare names up to 8). */
const MOST_CODES = 8;

/** The translation codes a request names: `translation` in its path, query or body, and compare's `translations`. */
export function namedTranslations(request: Pick<FastifyRequest, 'params' | 'query' | 'body'>): string[] {
  const codes: string[] = [];
  for (const part of [request.params, request.query, request.body]) {
    if (!part || typeof part !== 'object') continue;
    const { translation, translations } = part as { translation?: unknown; translations?: unknown };
    if (typeof translation === 'string') codes.push(translation);
    if (Array.isArray(translations)) codes.push(...translations.filter((code): code is string => typeof code === 'string'));
  }
  return codes.slice(0, MOST_CODES);
}

/**
 * A new process serves before every pack is copied (BibleLibrary.loadAll): a request that names a
 * translation still on its way waits for that one copy, moved to the front of the line, instead of
 * finding the translation missing. Requests naming none, or only translations here, do not wait.
 */
export function waitForArrivingTranslations(server: FastifyInstance, store: BibleStore): void {
  server.addHook('preHandler', async (request) => {
    if (store.arrivingCount === 0) return;
    await Promise.all(namedTranslations(request).map((code) => store.arrival(code)));
  });
}
