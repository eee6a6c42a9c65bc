import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '#common/contracts/errors.ts';
import { activityDay, activityReport } from '#common/contracts/activity.ts';
import { parseBoundedJson } from '../../lib/bounded-json.ts';
import type { ViewerOf } from '../../access/viewer.ts';
import type { ActivityService } from './activity.service.ts';

export function activityRoutes(activity: ActivityService, viewerOf: ViewerOf): FastifyPluginAsyncZod {
  return async (app) => {
    // navigator.sendBeacon on unload posts a Blob; when it is typed text/plain, read it as JSON too.
    app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_req, body, done) => {
      try {
        done(null, parseBoundedJson(body as string));
      } catch (error) {
        done(error as Error, undefined);
      }
    });

    app.post('/api/study-activity/track', { schema: { body: activityReport, response: { 204: z.null(), 400: errorBody } } }, async (req, reply) => {
      await activity.track(await viewerOf(req), req.body);
      return reply.code(204).send(null);
    });

    app.get(
      '/api/study-activity/recent',
      {
        schema: {
          querystring: z.object({ days: z.coerce.number().int().min(1).max(366).default(30) }),
          response: { 200: z.array(activityDay), 401: errorBody },
        },
      },
      async (req, reply) => {
        reply.header('cache-control', 'no-store');
        return activity.recent(await viewerOf(req), req.query.days);
      },
    );
  };
}
