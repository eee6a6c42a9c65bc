import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '#common/contracts/errors.ts';
import { settings, settingsInput } from '#common/contracts/study.ts';
import type { ViewerOf } from '../../access/viewer.ts';
import type { SettingsService } from './settings.service.ts';

export function settingsRoutes(service: SettingsService, viewerOf: ViewerOf): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/settings', { schema: { response: { 200: settings, 401: errorBody } } }, async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return service.get(await viewerOf(req));
    });
    app.post('/api/settings', { schema: { body: settingsInput, response: { 200: settings, 400: errorBody, 401: errorBody } } }, async (req) =>
      service.save(await viewerOf(req), req.body),
    );
  };
}
