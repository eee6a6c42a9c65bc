import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bookEntry,
  chapterContent,
  chapterPosition,
  compareItem,
  compareRequest,
  downloadSize,
  offlineBook,
  translationGroup,
  translationSummary,
} from '#common/contracts/bible.ts';
import { errorBody } from '#common/contracts/errors.ts';
import type { BibleService } from './bible.service.ts';
import { CHAPTER_CACHE, LIST_CACHE } from '../../http/bible-reads.ts';
import { sendPrepared } from '../../http/prepared-reply.ts';

const translationParam = z.object({ translation: z.string().trim().min(1).max(16) });
const errors = { 400: errorBody, 404: errorBody };

/**
 * The spec's §7 Bible API. Public reads answer prepared bytes (checked against their contract when
 * prepared), bypassing the reply serializer; the schemas below document them and check the input.
 */
export function bibleRoutes(bible: BibleService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/bible/books', { schema: { response: { 200: z.array(bookEntry) } } }, async (req, reply) =>
      sendPrepared(req, reply, bible.preparedCanonBooks(), LIST_CACHE),
    );

    app.get(
      '/api/bible/available-books/:translation',
      { schema: { params: translationParam, response: { 200: z.array(bookEntry), ...errors } } },
      async (req, reply) => sendPrepared(req, reply, await bible.availableBooksFor(req.params.translation), LIST_CACHE),
    );

    app.get('/api/bible/translations/grouped', { schema: { response: { 200: z.array(translationGroup) } } }, async (req, reply) =>
      sendPrepared(req, reply, bible.preparedTranslationLists().grouped, LIST_CACHE),
    );

    app.get('/api/bible/translations/all', { schema: { response: { 200: z.array(translationSummary) } } }, async (req, reply) =>
      sendPrepared(req, reply, bible.preparedTranslationLists().all, LIST_CACHE),
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

    app.get('/api/bible/first-available/:translation', { schema: { params: translationParam, response: { 200: chapterPosition, ...errors } } }, async (req) =>
      bible.firstAvailableIn(req.params.translation),
    );

    // Not in the spec: what "Download for offline" moves and keeps, shown before a person starts one;
    // as fresh as the translation lists (its size changes only with the translation).
    app.get('/api/bible/download-size/:translation', { schema: { params: translationParam, response: { 200: downloadSize, ...errors } } }, async (req, reply) =>
      reply.header('cache-control', LIST_CACHE).send(await bible.downloadSize(req.params.translation)),
    );

    // Not in the spec: a book as "Download for offline" keeps it (one request per book, Strong's left online).
    app.get(
      '/api/bible/offline/:translation/:book',
      {
        schema: {
          params: translationParam.extend({ book: z.string().trim().min(1).max(40) }),
          response: { 200: offlineBook, ...errors },
        },
      },
      async (req, reply) => sendPrepared(req, reply, await bible.offlineBook(req.params.translation, req.params.book), LIST_CACHE),
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
      async (req, reply) => {
        const result = await bible.chapterIn(req.query.translation, req.params.book, req.params.chapter);
        if ('payload' in result) return reply.header('cache-control', 'no-cache').send(result.payload);
        return sendPrepared(req, reply, result.prepared, CHAPTER_CACHE);
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
