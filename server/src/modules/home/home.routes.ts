import { homepage } from '#common/contracts/home.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { HomeService } from './home.service.ts';

export function homeRoutes(home: HomeService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/homepage', { schema: { response: { 200: homepage } } }, async (_req, reply) => {
      // Spec §9: homepage data is fresh for 30 minutes.
      reply.header('cache-control', 'public, max-age=1800');
      return home.homepage();
    });
  };
}
