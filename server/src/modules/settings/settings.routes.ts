import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '#common/contracts/bible.ts';
import { settings, settingsInput } from '#common/contracts/study.ts';
import { GUEST_USER_ID } from '#common/study/rules.ts';
import { Invalid, AppError } from '../../lib/errors.ts';
import type { ViewerOf } from '../auth/viewer.ts';
import type { StudyRepository } from '../study/study.repository.ts';
import type { BibleStore } from '../../bible/store/bible-store.ts';

/**
 * Spec §7 settings: translation, fontSize (default large), displayName. A signed-in user's follow them
 * across devices; a guest gets the defaults and keeps choices in the browser.
 */
export function settingsRoutes(repository: StudyRepository, store: BibleStore, viewerOf: ViewerOf): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/settings', { schema: { response: { 200: settings } } }, async (req, reply) => {
      const viewer = await viewerOf(req);
      reply.header('cache-control', 'no-store');
      if (viewer.kind === 'guest') return { translation: null, fontSize: 'large' as const, displayName: null, userId: GUEST_USER_ID };
      const saved = await repository.settings(viewer.userId);
      return { ...saved, fontSize: saved.fontSize as 'small' | 'base' | 'large', userId: viewer.userId };
    });

    app.post('/api/settings', { schema: { body: settingsInput, response: { 200: settings, 400: errorBody, 401: errorBody } } }, async (req) => {
      const viewer = await viewerOf(req);
      if (viewer.kind === 'guest') throw new AppError(401, 'Sign in to keep settings on your account; as a guest they stay in this browser.');
      const { displayName, translation, fontSize } = req.body;
      if (translation !== undefined && !store.get(translation)) throw new Invalid(`Translation '${translation}' not found.`);
      await repository.saveSettings(viewer.userId, { displayName, translation: translation?.toUpperCase(), fontSize });
      const saved = await repository.settings(viewer.userId);
      return { ...saved, fontSize: saved.fontSize as 'small' | 'base' | 'large', userId: viewer.userId };
    });
  };
}
