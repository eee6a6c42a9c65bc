import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '#common/contracts/bible.ts';
import { activityDay, activityReport } from '#common/contracts/activity.ts';
import { AppError } from '../../lib/errors.ts';
import type { ViewerOf } from '../auth/viewer.ts';
import type { ActivityRepository } from './activity.repository.ts';

const utcDay = (d = new Date()) => d.toISOString().slice(0, 10);

/**
 * Spec §7 study activity. Signed-in people's reports are summed per UTC day (streaks and stats read
 * them); a guest's are accepted and dropped, since a guest has nowhere on the server to keep them.
 */
export function activityRoutes(activity: ActivityRepository, viewerOf: ViewerOf): FastifyPluginAsyncZod {
  return async (app) => {
    // navigator.sendBeacon on unload posts a Blob; when it is typed text/plain, read it as JSON too.
    app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_req, body, done) => {
      try {
        done(null, JSON.parse(body as string));
      } catch {
        done(new AppError(400, 'The report must be JSON.'), undefined);
      }
    });

    app.post('/api/study-activity/track', { schema: { body: activityReport, response: { 204: z.null(), 400: errorBody } } }, async (req, reply) => {
      const viewer = await viewerOf(req);
      if (viewer.kind === 'user') await activity.add(viewer.userId, utcDay(), req.body);
      return reply.code(204).send(null);
    });

    app.get(
      '/api/study-activity/recent',
      { schema: { querystring: z.object({ days: z.coerce.number().int().min(1).max(366).default(30) }), response: { 200: z.array(activityDay), 401: errorBody } } },
      async (req, reply) => {
        const viewer = await viewerOf(req);
        if (viewer.kind === 'guest') throw new AppError(401, 'Not signed in.');
        reply.header('cache-control', 'no-store');
        return activity.recent(viewer.userId, req.query.days);
      },
    );
  };
}
