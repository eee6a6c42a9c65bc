import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { HomeService } from './home.service.ts';

const homepage = z.object({
  verse: z
    .object({ verse: z.string(), reference: z.string(), book: z.string(), chapter: z.number().int(), verseNumber: z.number().int(), translation: z.string() })
    .nullable(),
  prayer: z.null(),
  prayerImage: z.null(),
  visualContemplation: z.null(),
});

export function homeRoutes(home: HomeService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/homepage', { schema: { response: { 200: homepage } } }, async (_req, reply) => {
      // Spec §9: homepage data is fresh for 30 minutes.
      reply.header('cache-control', 'public, max-age=1800');
      return home.homepage();
    });
  };
}
