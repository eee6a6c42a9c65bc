import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  conversation,
  conversationList,
  conversationListQuery,
  conversationRename,
  conversationSummary,
  conversationTurnsInput,
} from '#common/contracts/conversations.ts';
import { errorBody } from '#common/contracts/errors.ts';
import type { ViewerOf } from '../../access/viewer.ts';
import type { ConversationsService } from './conversations.service.ts';

const errors = { 400: errorBody, 401: errorBody, 404: errorBody };
const idParam = z.object({ id: z.uuid('Not a conversation id.') });

/** Bible Chat conversations on an account (a guest's are kept in the browser, and moved here on sign-in). */
export function conversationRoutes(service: ConversationsService, viewerOf: ViewerOf): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/conversations', { schema: { querystring: conversationListQuery, response: { 200: conversationList, ...errors } } }, async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return service.list(await viewerOf(req), req.query);
    });
    app.get('/api/conversations/:id', { schema: { params: idParam, response: { 200: conversation, ...errors } } }, async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return service.get(await viewerOf(req), req.params.id);
    });
    app.post(
      '/api/conversations/:id/turns',
      { schema: { params: idParam, body: conversationTurnsInput, response: { 200: conversation, 409: errorBody, ...errors } } },
      async (req) => service.addTurns(await viewerOf(req), req.params.id, req.body),
    );
    app.patch(
      '/api/conversations/:id',
      { schema: { params: idParam, body: conversationRename, response: { 200: conversationSummary, ...errors } } },
      async (req) => service.rename(await viewerOf(req), req.params.id, req.body.title),
    );
    app.delete('/api/conversations/:id', { schema: { params: idParam, response: { 204: z.null(), ...errors } } }, async (req, reply) => {
      await service.remove(await viewerOf(req), req.params.id);
      return reply.code(204).send(null);
    });
  };
}
