import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '#common/contracts/errors.ts';
import { idParams } from '#common/contracts/lessons.ts';
import { newsInput, newsPage, newsPageQuery, newsPost } from '#common/contracts/news.ts';
import type { StaffGate } from '../../access/staff.ts';
import type { NewsService } from './news.service.ts';

// Asked again each time: an edited or unpublished post must not linger in a browser's HTTP cache.
const PUBLIC_CACHE = 'no-cache';
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

/** /news for readers; writing, publishing and unpublishing for admins. */
export function newsRoutes(news: NewsService, staffOf: StaffGate): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/news', { schema: { querystring: newsPageQuery, response: { 200: newsPage, ...errors } } }, async (req, reply) => {
      reply.header('cache-control', PUBLIC_CACHE);
      return news.page(req.query.page);
    });
    app.get('/api/news/:id', { schema: { params: idParams, response: { 200: newsPost, ...errors } } }, async (req, reply) => {
      reply.header('cache-control', PUBLIC_CACHE);
      return news.post(req.params.id);
    });
    app.get('/api/admin/news', { schema: { response: { 200: z.array(newsPost), ...errors } } }, async (req) => {
      await staffOf(req);
      return news.adminList();
    });
    app.get('/api/admin/news/:id', { schema: { params: idParams, response: { 200: newsPost, ...errors } } }, async (req) =>
      news.post(req.params.id, await staffOf(req)),
    );
    app.post('/api/admin/news', { schema: { body: newsInput, response: { 200: newsPost, ...errors } } }, async (req) =>
      news.create(await staffOf(req), req.body),
    );
    app.put('/api/admin/news/:id', { schema: { params: idParams, body: newsInput, response: { 200: newsPost, ...errors } } }, async (req) =>
      news.update(await staffOf(req), req.params.id, req.body),
    );
    app.delete('/api/admin/news/:id', { schema: { params: idParams, response: { 200: z.object({ ok: z.literal(true) }), ...errors } } }, async (req) => {
      await news.remove(await staffOf(req), req.params.id);
      return { ok: true as const };
    });
  };
}
