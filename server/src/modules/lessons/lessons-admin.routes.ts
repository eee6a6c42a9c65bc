import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AVATAR_TYPES } from '#common/contracts/avatar.ts';
import { errorBody } from '#common/contracts/errors.ts';
import { adminAuthor, adminLesson, authorInput, idParams, lessonInput, lessonPreview, lessonPreviewInput } from '#common/contracts/lessons.ts';
import { ADMINS_AND_AUTHORS, type StaffGate } from '../../access/staff.ts';

/** The routes authors use too; the rest are the admins'. */
const writers = { staff: ADMINS_AND_AUTHORS };
import { HERO_UNREADABLE, type LessonsService } from './lessons.service.ts';
import { uploadGate } from '../../http/upload-gate.ts';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const HERO_MAX_BYTES = 8 * 1024 * 1024;
const PICTURE_TOO_LARGE = 'The picture can be at most 8 MB.';

/**
 * The admin panel's lessons and authors. Admins and authors write lessons (authors only as themselves);
 * only admins manage authors. Every route checks the role on the server, before reading its input
 * (`config: writers` opens one to authors).
 */
export function lessonsAdminRoutes(lessons: LessonsService, staffOf: StaffGate): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/admin/lessons', { config: writers, schema: { response: { 200: z.array(adminLesson), ...errors } } }, async (req) =>
      lessons.adminList(await staffOf(req)),
    );
    app.get('/api/admin/lessons/:id', { config: writers, schema: { params: idParams, response: { 200: adminLesson, ...errors } } }, async (req) =>
      lessons.adminLesson(await staffOf(req), req.params.id),
    );
    app.post('/api/admin/lessons', { config: writers, schema: { body: lessonInput, response: { 200: adminLesson, ...errors } } }, async (req) =>
      lessons.create(await staffOf(req), req.body),
    );
    app.put(
      '/api/admin/lessons/:id',
      { config: writers, schema: { params: idParams, body: lessonInput, response: { 200: adminLesson, ...errors } } },
      async (req) => lessons.update(await staffOf(req), req.params.id, req.body),
    );
    app.delete(
      '/api/admin/lessons/:id',
      { config: writers, schema: { params: idParams, response: { 200: z.object({ ok: z.literal(true) }), ...errors } } },
      async (req) => {
        await lessons.remove(await staffOf(req), req.params.id);
        return { ok: true as const };
      },
    );
    app.post(
      '/api/admin/lessons/preview',
      { config: writers, schema: { body: lessonPreviewInput, response: { 200: lessonPreview, ...errors } } },
      async (req) => {
        await staffOf(req);
        return lessons.preview(req.body.body);
      },
    );
    app.delete('/api/admin/lessons/:id/hero', { config: writers, schema: { params: idParams, response: { 200: adminLesson, ...errors } } }, async (req) =>
      lessons.removeHero(await staffOf(req), req.params.id),
    );
    app.delete('/api/admin/authors/:id/picture', { schema: { params: idParams, response: { 200: adminAuthor, ...errors } } }, async (req) =>
      lessons.removeAuthorPicture(await staffOf(req), req.params.id),
    );
    app.get('/api/admin/authors', { config: writers, schema: { response: { 200: z.array(adminAuthor), ...errors } } }, async (req) =>
      lessons.adminAuthors(await staffOf(req)),
    );
    app.post('/api/admin/authors', { schema: { body: authorInput, response: { 200: adminAuthor, ...errors } } }, async (req) =>
      lessons.saveAuthor(await staffOf(req), req.body),
    );
    app.put('/api/admin/authors/:id', { schema: { params: idParams, body: authorInput, response: { 200: adminAuthor, ...errors } } }, async (req) =>
      lessons.saveAuthor(await staffOf(req), req.body, req.params.id),
    );

    // The hero picture and an author's picture: the raw image as the body, with their own parsers and size limit.
    await app.register(async (images) => {
      images.addContentTypeParser([...AVATAR_TYPES], { parseAs: 'buffer', bodyLimit: HERO_MAX_BYTES }, (_req, body, done) => done(null, body));
      images.setErrorHandler((error: Error & { code?: string; statusCode?: number }, _req, reply) => {
        if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return reply.code(413).send({ message: PICTURE_TOO_LARGE });
        if (error.code?.startsWith('FST_ERR_CTP_')) return reply.code(415).send({ message: HERO_UNREADABLE });
        throw error;
      });
      (images as unknown as FastifyInstance).put(
        '/api/admin/lessons/:id/hero',
        {
          ...uploadGate({ maxBytes: HERO_MAX_BYTES, tooLarge: PICTURE_TOO_LARGE, session: (req) => staffOf(req) }),
          bodyLimit: HERO_MAX_BYTES,
          config: writers,
          schema: { params: idParams, response: { 200: adminLesson, ...errors, 413: errorBody, 415: errorBody } },
        },
        async (req) => lessons.setHero(await staffOf(req), (req.params as { id: string }).id, req.body as Buffer),
      );
      // Like the rest of an author's profile, their picture is the admins' to set.
      (images as unknown as FastifyInstance).put(
        '/api/admin/authors/:id/picture',
        {
          ...uploadGate({ maxBytes: HERO_MAX_BYTES, tooLarge: PICTURE_TOO_LARGE, session: (req) => staffOf(req) }),
          bodyLimit: HERO_MAX_BYTES,
          schema: { params: idParams, response: { 200: adminAuthor, ...errors, 413: errorBody, 415: errorBody } },
        },
        async (req) => lessons.setAuthorPicture(await staffOf(req), (req.params as { id: string }).id, req.body as Buffer),
      );
    });
  };
}
