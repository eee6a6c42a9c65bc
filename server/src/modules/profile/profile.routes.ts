import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '#common/contracts/errors.ts';
import { currentUser, profileInput } from '#common/contracts/account.ts';
import { AVATAR_MAX_BYTES, AVATAR_SIZE_MESSAGE, AVATAR_TYPE_MESSAGE, AVATAR_TYPES } from '#common/contracts/avatar.ts';
import { requireUser, type ViewerOf } from '../../access/viewer.ts';
import { SIGN_IN_FIRST, type ProfileService } from './profile.service.ts';
import { uploadGate } from '../../http/upload-gate.ts';

const userReply = { 200: currentUser, 400: errorBody, 401: errorBody };
const avatarParams = z.object({ userId: z.string().trim().min(1).max(64) });
const avatarQuery = z.object({ v: z.string().max(20).optional() });

/**
 * /api/profile: the signed-in person's names and picture; every write answers with the user as
 * GET /api/auth/user does. Pictures are served to anyone who has the address (GET …/avatar/:userId).
 */
export function profileRoutes(profile: ProfileService, viewerOf: ViewerOf): FastifyPluginAsyncZod {
  // Refuse a guest before reading the body: no 2 MB upload just to answer 401.
  const signedIn = async (req: FastifyRequest) => {
    requireUser(await viewerOf(req), SIGN_IN_FIRST);
  };

  return async (app) => {
    app.patch('/api/profile', { onRequest: signedIn, schema: { body: profileInput, response: userReply } }, async (req) =>
      profile.updateNames(await viewerOf(req), req.body),
    );

    app.delete('/api/profile/avatar', { onRequest: signedIn, schema: { response: userReply } }, async (req) => profile.removeAvatar(await viewerOf(req)));

    app.get(
      '/api/profile/avatar/:userId',
      // The picture's bytes go out as they are (Fastify sends a Buffer without serialising it).
      {
        schema: {
          params: avatarParams,
          querystring: avatarQuery,
          response: { 200: z.custom<Buffer>((v) => Buffer.isBuffer(v)), 304: z.null(), 400: errorBody, 404: errorBody },
        },
      },
      async (req, reply) => {
        const avatar = await profile.avatar(req.params.userId);
        const version = String(avatar.updatedAt.getTime());
        const etag = `"${version}"`;
        reply
          .header('x-content-type-options', 'nosniff')
          // Served from our own origin: never let the bytes act as a page, whatever they are.
          .header('content-security-policy', "default-src 'none'; sandbox")
          .header('etag', etag)
          // The address of the current picture carries its version and never changes; any other is revalidated.
          .header('cache-control', req.query.v === version ? 'public, max-age=31536000, immutable' : 'no-cache');
        if (req.headers['if-none-match'] === etag) return reply.code(304).send(null);
        return reply.type(avatar.contentType).send(avatar.content);
      },
    );

    // The upload takes the raw image as the body; its own parsers and errors live in this sub-plugin.
    await app.register(async (images) => {
      images.addContentTypeParser([...AVATAR_TYPES], { parseAs: 'buffer', bodyLimit: AVATAR_MAX_BYTES }, (_req, body, done) => done(null, body));
      images.setErrorHandler((error: Error & { code?: string }, _req, reply) => {
        if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return reply.code(413).send({ message: AVATAR_SIZE_MESSAGE });
        if (
          error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ||
          error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
          error.code === 'FST_ERR_CTP_INVALID_CONTENT_LENGTH'
        ) {
          return reply.code(415).send({ message: AVATAR_TYPE_MESSAGE });
        }
        throw error;
      });
      (images as unknown as FastifyInstance).put(
        '/api/profile/avatar',
        {
          ...uploadGate({ maxBytes: AVATAR_MAX_BYTES, tooLarge: AVATAR_SIZE_MESSAGE, session: signedIn }),
          bodyLimit: AVATAR_MAX_BYTES,
          schema: { response: { ...userReply, 413: errorBody, 415: errorBody } },
        },
        async (req) => profile.setAvatar(await viewerOf(req), req.headers['content-type']?.split(';')[0]?.trim().toLowerCase(), req.body),
      );
    });
  };
}
