import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { audioReply, chapterAudioRequest, verseAudioRequest } from '#common/contracts/audio.ts';
import { errorBody } from '#common/contracts/errors.ts';
import type { AudioService } from './audio.service.ts';

const replies = { 200: audioReply, 400: errorBody, 404: errorBody, 502: errorBody, 503: errorBody, 504: errorBody };

/**
 * Spec §7 POST /api/bible/audio and /api/verse/audio. Open to guests, like reading: the work is bounded
 * by the speech queue, and a passage is made once for everyone.
 */
export function audioRoutes(audio: AudioService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post('/api/bible/audio', { schema: { body: chapterAudioRequest, response: replies } }, async (req) => audio.chapterAudio(req.body));
    app.post('/api/verse/audio', { schema: { body: verseAudioRequest, response: replies } }, async (req) => audio.verseAudio(req.body));
  };
}
