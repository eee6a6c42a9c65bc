import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '#common/contracts/errors.ts';
import {
  behaviorReport,
  bookCoverage,
  chapterProgressReport,
  chapterProgressResult,
  progressImport,
  rankings,
  rankingsQuery,
  studyStats,
  studyStreak,
  userAchievements,
} from '#common/contracts/progress.ts';
import type { ViewerOf } from '../../access/viewer.ts';
import type { ProgressService } from './progress.service.ts';
import type { RankingsService } from './rankings.service.ts';

const errors = { 400: errorBody, 401: errorBody, 404: errorBody };

/** `standingsMoved` is told when someone's standing changes: every process's kept boards are then stale. */
export function progressRoutes(progress: ProgressService, board: RankingsService, viewerOf: ViewerOf, standingsMoved: () => void): FastifyPluginAsyncZod {
  return async (app) => {
    // Personal figures change with every chapter: never kept by a shared cache.
    app.addHook('onSend', async (req, reply) => {
      if (req.method === 'GET') reply.header('cache-control', 'private, no-store');
    });

    app.post(
      '/api/track-chapter-progress',
      { schema: { body: chapterProgressReport, response: { 200: chapterProgressResult, 204: z.null(), ...errors } } },
      async (req, reply) => {
        const result = await progress.trackChapter(await viewerOf(req), req.body);
        if (!result) return reply.code(204).send(null);
        if (result.newlyCompleted) standingsMoved();
        return result;
      },
    );

    app.post('/api/personalization/track-behavior', { schema: { body: behaviorReport, response: { 204: z.null(), ...errors } } }, async (req, reply) => {
      await progress.trackBehavior(await viewerOf(req), req.body.contentId, req.body.completionPercentage, req.body.interactions);
      return reply.code(204).send(null);
    });

    app.get('/api/study-streak', { schema: { response: { 200: studyStreak, ...errors } } }, async (req) => progress.streak(await viewerOf(req)));
    app.get('/api/study-stats', { schema: { response: { 200: studyStats, ...errors } } }, async (req) => progress.stats(await viewerOf(req)));
    app.get('/api/user-achievements', { schema: { response: { 200: userAchievements, ...errors } } }, async (req) =>
      progress.achievements(await viewerOf(req)),
    );
    app.get(
      '/api/book-coverage/:book',
      { schema: { params: z.object({ book: z.string().max(40) }), response: { 200: bookCoverage, ...errors } } },
      async (req) => progress.coverage(await viewerOf(req), req.params.book),
    );
    app.get('/api/rankings', { schema: { querystring: rankingsQuery, response: { 200: rankings, ...errors } } }, async (req) =>
      board.rankings(await viewerOf(req), req.query.by, req.query.period),
    );
    app.post(
      '/api/progress/import',
      { schema: { body: progressImport, response: { 200: z.object({ chapters: z.number().int(), days: z.number().int() }), ...errors } } },
      async (req) => {
        const moved = await progress.importGuest(await viewerOf(req), req.body);
        standingsMoved();
        return moved;
      },
    );
  };
}
