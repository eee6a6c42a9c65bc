import type { FastifyReply } from 'fastify';
import { gunzipSync } from 'node:zlib';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bookEntry, chapterContent, chapterPosition, compareItem, compareRequest, translationGroup, translationSummary } from '#common/contracts/bible.ts';
import { errorBody } from '#common/contracts/errors.ts';
import type { BibleService } from './bible.service.ts';
import { chooseEncoding, matchesEtag } from './chapter-reply.ts';

const translationParam = z.object({ translation: z.string().trim().min(1).max(16) });
const errors = { 400: errorBody, 404: errorBody };
// Spec §9: translation lists are fresh for an hour, chapter content for 10 minutes.
const LIST_CACHE = 'public, max-age=3600';
const CHAPTER_CACHE = 'public, max-age=600';

export function bibleRoutes(bible: BibleService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/bible/books', { schema: { response: { 200: z.array(bookEntry) } } }, async (_req, reply) => {
      reply.header('cache-control', LIST_CACHE);
      return bible.canonBooks();
    });

    app.get(
      '/api/bible/available-books/:translation',
      { schema: { params: translationParam, response: { 200: z.array(bookEntry), ...errors } } },
      async (req) => bible.availableBooks(req.params.translation),
    );

    app.get('/api/bible/translations/grouped', { schema: { response: { 200: z.array(translationGroup) } } }, async () =>
      bible.groupedTranslations(),
    );

    app.get('/api/bible/translations/all', { schema: { response: { 200: z.array(translationSummary) } } }, async () =>
      bible.translations(),
    );

    app.get(
      '/api/bible/translations/:reference',
      {
        schema: {
          params: z.object({ reference: z.string().trim().min(1).max(100) }),
          response: { 200: z.array(translationSummary), ...errors },
        },
      },
      async (req) => bible.translationsWith(req.params.reference),
    );

    app.get(
      '/api/bible/first-available/:translation',
      { schema: { params: translationParam, response: { 200: chapterPosition, ...errors } } },
      async (req) => bible.firstAvailable(req.params.translation),
    );

    app.get(
      '/api/bible/content/:book/:chapter',
      {
        schema: {
          params: z.object({
            book: z.string().trim().min(1).max(40),
            chapter: z.coerce
              .number({ error: 'Chapter must be a whole number, 1 or more.' })
              .int('Chapter must be a whole number, 1 or more.')
              .min(1, 'Chapter must be a whole number, 1 or more.')
              .max(100_000, 'Chapter must be a whole number, 1 or more.'),
          }),
          querystring: z.object({ translation: z.string().trim().max(16).optional() }),
          response: { 200: chapterContent, ...errors },
        },
      },
      async (req, typedReply) => {
        // Pre-serialised bytes bypass the typed serializer: they were validated when prepared.
        const reply = typedReply as unknown as FastifyReply;
        const result = bible.chapter(req.query.translation, req.params.book, req.params.chapter);
        if ('payload' in result) {
          reply.header('cache-control', 'no-cache');
          return result.payload;
        }
        const { reply: prepared } = result;
        reply.header('etag', prepared.etag).header('cache-control', CHAPTER_CACHE).header('vary', 'Accept-Encoding');
        if (matchesEtag(req.headers['if-none-match'], prepared.etag)) return reply.code(304).send();
        const encoding = chooseEncoding(req.headers['accept-encoding']);
        reply.header('content-type', 'application/json; charset=utf-8');
        if (encoding !== 'identity') reply.header('content-encoding', encoding);
        return reply.send(encoding === 'br' ? prepared.br : encoding === 'gzip' ? prepared.gzip : gunzipSync(prepared.gzip));
      },
    );

    app.post(
      '/api/bible/compare/:reference',
      {
        schema: {
          params: z.object({ reference: z.string().trim().min(1).max(100) }),
          body: compareRequest,
          response: { 200: z.array(compareItem), ...errors },
        },
      },
      async (req) => bible.compare(req.params.reference, req.body.translations),
    );
  };
}
