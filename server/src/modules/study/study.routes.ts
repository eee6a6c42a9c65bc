import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { checkedReference } from '#common/contracts/ai.ts';
import { errorBody } from '#common/contracts/errors.ts';
import { aiResponseSave, guestImport, highlight, highlightInput, listQuery, note, noteInput, noteUpdate } from '#common/contracts/study.ts';
import { HIGHLIGHT_COLORS, NOTE_TYPES } from '#common/study/rules.ts';
import type { ViewerOf } from '../../access/viewer.ts';
import type { StudyService } from './study.service.ts';

const idParam = z.object({ id: z.string().trim().min(1).max(64) });
const errors = { 400: errorBody, 404: errorBody };

/**
 * Spec §7 notes and highlights. Lists answer an array (as the spec's client reads them), bounded by
 * limit/offset, with the full count in X-Total-Count.
 */
export function studyRoutes(study: StudyService, viewerOf: ViewerOf): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/highlights',
      { schema: { querystring: listQuery.extend({ color: z.enum(HIGHLIGHT_COLORS).optional() }), response: { 200: z.array(highlight), ...errors } } },
      async (req, reply) => {
        const page = await study.listHighlights(await viewerOf(req), req.query);
        reply.header('x-total-count', String(page.total)).header('cache-control', 'no-store');
        return page.items;
      },
    );
    app.post('/api/highlights', { schema: { body: highlightInput, response: { 200: highlight, ...errors } } }, async (req) =>
      study.addHighlight(await viewerOf(req), req.body),
    );
    app.delete('/api/highlights/:id', { schema: { params: idParam, response: { 204: z.null(), ...errors } } }, async (req, reply) => {
      await study.removeHighlight(await viewerOf(req), req.params.id);
      return reply.code(204).send(null);
    });

    app.get(
      '/api/ai-responses/note/:noteId',
      {
        schema: {
          params: z.object({ noteId: z.string().trim().min(1).max(64) }),
          querystring: z.object({ reference: z.string().trim().min(1, 'Say which reference the answer is for.').max(60) }),
          response: {
            200: z.object({ id: z.string(), response: z.string(), translation: z.string(), references: z.array(checkedReference) }),
            401: errorBody,
            ...errors,
          },
        },
      },
      async (req, reply) => {
        reply.header('cache-control', 'no-store');
        return study.aiResponse(await viewerOf(req), req.params.noteId, req.query.reference);
      },
    );
    app.post(
      '/api/ai-responses',
      { schema: { body: aiResponseSave, response: { 200: z.object({ id: z.string(), userId: z.string() }), 401: errorBody, ...errors } } },
      async (req) => study.saveAiResponse(await viewerOf(req), req.body),
    );

    app.post(
      '/api/guest-data/import',
      {
        schema: {
          body: guestImport,
          response: { 200: z.object({ highlights: z.number().int(), notes: z.number().int(), aiResponses: z.number().int() }), 400: errorBody, 401: errorBody },
        },
      },
      async (req) => study.importGuest(await viewerOf(req), req.body),
    );

    app.get(
      '/api/notes',
      {
        schema: {
          querystring: listQuery.extend({ type: z.enum(NOTE_TYPES).optional(), reference: z.string().trim().max(60).optional() }),
          response: { 200: z.array(note), ...errors },
        },
      },
      async (req, reply) => {
        const page = await study.listNotes(await viewerOf(req), req.query);
        reply.header('x-total-count', String(page.total)).header('cache-control', 'no-store');
        return page.items;
      },
    );
    app.post('/api/notes', { schema: { body: noteInput, response: { 200: note, ...errors } } }, async (req) => study.addNote(await viewerOf(req), req.body));
    app.patch('/api/notes/:id', { schema: { params: idParam, body: noteUpdate, response: { 200: note, ...errors } } }, async (req) =>
      study.editNote(await viewerOf(req), req.params.id, req.body),
    );
    app.delete('/api/notes/:id', { schema: { params: idParam, response: { 204: z.null(), ...errors } } }, async (req, reply) => {
      await study.removeNote(await viewerOf(req), req.params.id);
      return reply.code(204).send(null);
    });
  };
}
