import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { audioReply, chapterAudioRequest, verseAudioRequest } from '#common/contracts/audio.ts';
import { errorBody } from '#common/contracts/errors.ts';
import type { ViewerOf } from '../../access/viewer.ts';
import type { AudioService } from './audio.service.ts';

const replies = { 200: audioReply, 400: errorBody, 404: errorBody, 429: errorBody, 502: errorBody, 503: errorBody, 504: errorBody };

/**
 * Spec §7 POST /api/bible/audio and /api/verse/audio. Open to guests, like reading: a passage is made
 * once for everyone, and new ones are bounded per account, per address and for the site (AudioQuota).
 */
export function audioRoutes(audio: AudioService, viewerOf: ViewerOf): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/api/bible/audio', { schema: { body: chapterAudioRequest, response: replies } }, async (req) =>
      audio.chapterAudio(req.body, { viewer: await viewerOf(req), address: req.ip }),
    );
    app.post('/api/verse/audio', { schema: { body: verseAudioRequest, response: replies } }, async (req) =>
      audio.verseAudio(req.body, { viewer: await viewerOf(req), address: req.ip }),
    );
  };
}
