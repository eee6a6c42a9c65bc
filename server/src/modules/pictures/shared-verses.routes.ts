import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '#common/contracts/errors.ts';
import {
  claimSharedRequest,
  claimSharedResult,
  deleteSharedRequest,
  shareCodeParams,
  sharedVerse,
  sharedVerseCreated,
  sharedVersePage,
  sharedVerseRequest,
  sharedVersesQuery,
} from '#common/contracts/pictures.ts';
import type { ViewerOf } from '../../access/viewer.ts';
import type { SharedVersesService } from './shared-verses.service.ts';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 429: errorBody, 503: errorBody };

/** Spec §7 shared verses, and what /shared/{code} and /my-shared-verses read. */
export function sharedVersesRoutes(shared: SharedVersesService, viewerOf: ViewerOf): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/api/shared-verses', { schema: { body: sharedVerseRequest, response: { 200: sharedVerseCreated, ...errors } } }, async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return shared.create(await viewerOf(req), req.ip, req.body);
    });
    app.get('/api/shared-verses', { schema: { querystring: sharedVersesQuery, response: { 200: sharedVersePage, ...errors } } }, async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return shared.mine(await viewerOf(req), req.query.cursor);
    });
    app.post('/api/shared-verses/claim', { schema: { body: claimSharedRequest, response: { 200: claimSharedResult, ...errors } } }, async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return shared.claim(await viewerOf(req), req.body.ownerKeys);
    });
    app.get(
      '/api/shared-verses/:code',
      { schema: { params: shareCodeParams, response: { 200: sharedVerse.extend({ isPublic: z.boolean() }), ...errors } } },
      async (req) => shared.get(req.params.code),
    );
    app.delete(
      '/api/shared-verses/:code',
      { schema: { params: shareCodeParams, body: deleteSharedRequest, response: { 204: z.null(), ...errors } } },
      async (req, reply) => {
        await shared.remove(await viewerOf(req), req.params.code, req.body?.ownerKey);
        return reply.code(204).send(null);
      },
    );
  };
}
