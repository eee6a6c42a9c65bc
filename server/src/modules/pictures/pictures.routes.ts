import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '#common/contracts/errors.ts';
import {
  chapterPictureRequest,
  galleryImage,
  galleryQuery,
  graphicReply,
  graphicRequest,
  imageUrlReply,
  pictureParams,
  referenceParams,
  regenerateRequest,
  reportReply,
  reportRequest,
  shareGraphic,
  verseVisualization,
  verseVisualizationRequest,
  verseVisualizationsQuery,
} from '#common/contracts/pictures.ts';
import type { ViewerOf } from '../../access/viewer.ts';
import type { PicturesService } from './pictures.service.ts';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 429: errorBody, 502: errorBody, 503: errorBody, 504: errorBody };
const noStore = { 'cache-control': 'no-store' };

/**
 * Spec §7 verse visualizations and the chapter gallery, plus what the public pages and moderation
 * need. Guests may make pictures too (spec §6); PictureQuota bounds how many.
 */
/** `hidden` is told when reports hide a picture: a kept page may show it. */
export function picturesRoutes(pictures: PicturesService, viewerOf: ViewerOf, hidden: () => void = () => {}): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/verse-visualizations/:reference',
      { schema: { params: referenceParams, querystring: verseVisualizationsQuery, response: { 200: z.array(verseVisualization), ...errors } } },
      async (req, reply) => {
        reply.headers(noStore);
        return pictures.verseVisualizations(req.params.reference, req.query.translation, req.query.limit);
      },
    );
    app.post(
      '/api/verse-visualizations/generate',
      { schema: { body: verseVisualizationRequest, response: { 200: verseVisualization, ...errors } } },
      async (req) => pictures.createVerseVisualization(await viewerOf(req), req.ip, req.body),
    );
    app.get(
      '/api/verse-visualizations/detail/:id',
      { schema: { params: pictureParams, response: { 200: verseVisualization, ...errors } } },
      async (req, reply) => {
        reply.headers(noStore);
        return pictures.viewVerseVisualization(req.params.id);
      },
    );
    app.post('/api/verse-visualizations/regenerate', { schema: { body: regenerateRequest, response: { 200: imageUrlReply, ...errors } } }, async (req) =>
      pictures.regenerate(await viewerOf(req), req.ip, req.body),
    );

    app.get('/api/gallery', { schema: { querystring: galleryQuery, response: { 200: z.array(galleryImage), ...errors } } }, async (req, reply) => {
      reply.headers(noStore);
      return pictures.gallery(req.query, req.query.limit);
    });
    app.post('/api/gallery/generate', { schema: { body: chapterPictureRequest, response: { 200: galleryImage, ...errors } } }, async (req) =>
      pictures.createChapterPicture(await viewerOf(req), req.ip, req.body),
    );

    // Reads for the public pages: they count nothing, so a page kept by the server counts no view; the
    // browser counts one when it shows the picture (POST …/view).
    app.get('/api/verse-visualizations/picture/:id', { schema: { params: pictureParams, response: { 200: verseVisualization, ...errors } } }, async (req) =>
      pictures.verseVisualization(await pictures.picture(req.params.id, 'verse')),
    );
    app.get('/api/gallery/picture/:id', { schema: { params: pictureParams, response: { 200: galleryImage, ...errors } } }, async (req) =>
      pictures.galleryImage(await pictures.picture(req.params.id, 'chapter')),
    );
    app.get('/api/share-graphics/:id', { schema: { params: pictureParams, response: { 200: shareGraphic, ...errors } } }, async (req) =>
      pictures.shareGraphic(await pictures.picture(req.params.id, 'card')),
    );
    app.post(
      '/api/pictures/:id/view',
      { schema: { params: pictureParams, response: { 200: z.object({ viewCount: z.number().int() }), ...errors } } },
      async (req) => pictures.countView(req.params.id),
    );

    app.post('/api/shared-verses/generate-graphic', { schema: { body: graphicRequest, response: { 200: graphicReply, ...errors } } }, async (req) =>
      pictures.createGraphic(await viewerOf(req), req.ip, req.body),
    );

    app.post('/api/pictures/:id/report', { schema: { params: pictureParams, body: reportRequest, response: { 200: reportReply, ...errors } } }, async (req) => {
      const reply = await pictures.report(await viewerOf(req), req.ip, req.params.id, req.body.reason);
      if (reply.hidden) hidden();
      return reply;
    });
  };
}
