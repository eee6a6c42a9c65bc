import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '#common/contracts/errors.ts';
import { article, articlesQuery, authorProfile, idParams, lessonDetail, lessonsPage, lessonsPageQuery, slugParams } from '#common/contracts/lessons.ts';
import { requestOrigin } from '../../http/trusted-hosts.ts';
import { lessonsFeed } from './lessons-feed.ts';
import type { LessonsService } from './lessons.service.ts';

const errors = { 400: errorBody, 404: errorBody };
const FEED_ENTRIES = 30;
// Asked again each time (the query cache keeps them 30 minutes, spec §9): an edit or an unpublished
// lesson must not linger in a browser's HTTP cache after the page that showed it was made again.
const PUBLIC_CACHE = 'no-cache';

/** What readers get: the latest lessons, the list, a lesson, an author, and the feed. */
export function lessonsRoutes(lessons: LessonsService, publicUrl: string | undefined): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/bible-lessons/articles', { schema: { querystring: articlesQuery, response: { 200: z.array(article), ...errors } } }, async (req, reply) => {
      reply.header('cache-control', PUBLIC_CACHE);
      return lessons.latest(req.query.limit);
    });
    app.get('/api/bible-lessons', { schema: { querystring: lessonsPageQuery, response: { 200: lessonsPage, ...errors } } }, async (req, reply) => {
      reply.header('cache-control', PUBLIC_CACHE);
      return lessons.page(req.query.page);
    });
    app.get('/api/bible-lessons/articles/:slug', { schema: { params: slugParams, response: { 200: lessonDetail, ...errors } } }, async (req, reply) => {
      reply.header('cache-control', PUBLIC_CACHE);
      return lessons.detail(req.params.slug);
    });
    app.get('/api/bible-lessons/authors/:slug', { schema: { params: slugParams, response: { 200: authorProfile, ...errors } } }, async (req, reply) => {
      reply.header('cache-control', PUBLIC_CACHE);
      return lessons.author({ slug: req.params.slug.toLowerCase() });
    });
    app.get('/api/authors/:id', { schema: { params: idParams, response: { 200: authorProfile, ...errors } } }, async (req, reply) => {
      reply.header('cache-control', PUBLIC_CACHE);
      return lessons.author({ id: req.params.id });
    });
    app.get('/bible-lessons/feed.xml', async (req, reply) => {
      const rows = await lessons.forFeed(FEED_ENTRIES);
      reply.header('cache-control', PUBLIC_CACHE).type('application/atom+xml; charset=utf-8');
      return lessonsFeed(requestOrigin(req, publicUrl), rows, 'Selah');
    });
  };
}
