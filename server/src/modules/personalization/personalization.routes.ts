import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '#common/contracts/errors.ts';
import { questionHistory, questionHistoryChoice, questionHistoryQuery, trackQuestion } from '#common/contracts/personalization.ts';
import type { ViewerOf } from '../../access/viewer.ts';
import type { PersonalizationService } from './personalization.service.ts';

const errors = { 400: errorBody, 401: errorBody };

export function personalizationRoutes(service: PersonalizationService, viewerOf: ViewerOf): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/api/personalization/track-question', { schema: { body: trackQuestion, response: { 204: z.null(), ...errors } } }, async (req, reply) => {
      await service.track(await viewerOf(req), req.body);
      return reply.code(204).send(null);
    });
    app.get(
      '/api/personalization/questions',
      { schema: { querystring: questionHistoryQuery, response: { 200: questionHistory, ...errors } } },
      async (req, reply) => {
        reply.header('cache-control', 'no-store');
        return service.history(await viewerOf(req), req.query);
      },
    );
    app.put('/api/personalization/questions/keep', { schema: { body: questionHistoryChoice, response: { 200: questionHistory, ...errors } } }, async (req) =>
      service.choose(await viewerOf(req), req.body.keep),
    );
    app.delete('/api/personalization/questions', { schema: { response: { 204: z.null(), ...errors } } }, async (req, reply) => {
      await service.clear(await viewerOf(req));
      return reply.code(204).send(null);
    });
  };
}
