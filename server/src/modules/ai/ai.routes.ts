import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { askReply, askRequest, topicPassages, topicPassagesQuery } from '#common/contracts/ai.ts';
import { errorBody } from '#common/contracts/errors.ts';
import type { ViewerOf } from '../auth/viewer.ts';
import type { AiService } from './ai.service.ts';

export function aiRoutes(service: AiService, viewerOf: ViewerOf): FastifyPluginAsyncZod {
  return async (app) => {
    // Spec §6: guests use the AI too.
    app.post(
      '/api/ai/ask',
      { schema: { body: askRequest, response: { 200: askReply, 400: errorBody, 401: errorBody, 404: errorBody, 429: errorBody } } },
      async (req, reply) => {
        reply.header('cache-control', 'no-store');
        return service.ask(await viewerOf(req), req.ip, req.body);
      },
    );
    // A read with no personal data: the same for everyone, and kept for an hour like search results.
    app.get(
      '/api/ai/passages',
      { schema: { querystring: topicPassagesQuery, response: { 200: topicPassages, 400: errorBody, 404: errorBody } } },
      async (req, reply) => {
        reply.header('cache-control', 'public, max-age=3600');
        return service.passagesFor(req.query.q, req.query.translation);
      },
    );
  };
}
