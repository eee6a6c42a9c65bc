import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { audioReply } from '#common/contracts/audio.ts';
import { errorBody } from '#common/contracts/errors.ts';
import { generatePrayerImage, prayerDay, prayerDayParams, prayerPicture } from '#common/contracts/daily.ts';
import { NotFound } from '../../lib/errors.ts';
import { addressKey, HOUR_MS, WindowLimit, type Quota } from '../../lib/quota/quota.ts';
import type { AudioService } from '../audio/audio.service.ts';
import type { ViewerOf } from '../../access/viewer.ts';
import type { DailyService } from './daily.service.ts';

const REMAKES_PER_HOUR = 10;

const errors = { 400: errorBody, 404: errorBody, 429: errorBody, 503: errorBody };

/** `quota` counts the pictures made again for each address, for every process of the site. */
export function dailyRoutes(daily: DailyService, audio: AudioService, viewerOf: ViewerOf, quota: Quota): FastifyPluginAsyncZod {
  return async (app) => {
    // Listen on the home page's prayer: the stored prayer read aloud, made once and kept (the audio issue's service).
    app.post(
      '/api/prayers/:prayerId/audio',
      { schema: { params: z.object({ prayerId: z.string().max(64) }), response: { 200: audioReply, ...errors } } },
      async (req) => {
        const { name, parts } = await daily.spoken(req.params.prayerId);
        return audio.storedTextAudio(name, parts, { viewer: await viewerOf(req), address: req.ip });
      },
    );
    // The archive: today's, or a past day's, with the days around it.
    app.get('/api/prayers', { schema: { response: { 200: prayerDay, ...errors } } }, async (_req, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return daily.archive(undefined);
    });
    app.get('/api/prayers/:day', { schema: { params: prayerDayParams, response: { 200: prayerDay, ...errors } } }, async (req, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return daily.archive(req.params.day);
    });
    app.get(
      '/api/generated-images/prayer/:prayerId',
      { schema: { params: z.object({ prayerId: z.string().max(64) }), response: { 200: prayerPicture, ...errors } } },
      async (req) => {
        const picture = await daily.picture(req.params.prayerId);
        if (!picture) throw new NotFound('The picture for this prayer is not made yet.');
        return picture;
      },
    );
    // The home page asks when the picture fails to load (spec §4: 3 tries): each address a few times an hour.
    const remakes = new WindowLimit(
      quota,
      REMAKES_PER_HOUR,
      HOUR_MS,
      (seconds) => `The picture was made again many times from here. Please try again in ${Math.ceil(seconds / 60)} minutes.`,
    );
    app.post('/api/generated-images/generate', { schema: { body: generatePrayerImage, response: { 200: prayerPicture, ...errors } } }, async (req) => {
      await remakes.take([addressKey(req.ip)]);
      return daily.regeneratePicture(req.body.prayerId);
    });
  };
}
