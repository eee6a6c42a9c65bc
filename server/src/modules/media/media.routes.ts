import rangeParser from 'range-parser';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MEDIA_KEY, type MediaStore } from '../../providers/storage/media-store.ts';

const NOT_FOUND = { message: 'This file is not here.' };

const params = z.object({ kind: z.string().max(20), file: z.string().max(140) });

/**
 * GET /media/<kind>/<file>: generated media from the store, with byte ranges (an audio element seeks
 * with them), an ETag and a year's caching: a key never names two different files. HEAD is its own
 * method here, not Fastify's derived one: that one sends `Content-Length: 0` for a reply with no body,
 * and clients and CDNs size media with HEAD.
 */
export function mediaRoutes(media: MediaStore): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      method: ['GET', 'HEAD'],
      url: '/media/:kind/:file',
      schema: { params },
      handler: async (req, reply) => {
        const key = `${req.params.kind}/${req.params.file}`;
        const info = MEDIA_KEY.test(key) ? await media.stat(key) : undefined;
        if (!info) return reply.code(404).send(NOT_FOUND);
        reply.header('content-type', info.contentType);
        reply.header('etag', info.etag);
        reply.header('accept-ranges', 'bytes');
        reply.header('cache-control', 'public, max-age=31536000, immutable');
        if (req.headers['if-none-match'] === info.etag) return reply.code(304).send('');
        const asked = req.headers.range;
        // A Range that no longer matches the file (If-Range with another ETag) gets the whole file.
        const ifRange = req.headers['if-range'];
        const ranges = asked && (!ifRange || ifRange === info.etag) ? rangeParser(info.size, asked, { combine: true }) : -2;
        if (ranges === -1) {
          reply.header('content-range', `bytes */${info.size}`).header('content-type', 'application/json; charset=utf-8');
          return reply.code(416).send({ message: 'That part of the file does not exist.' });
        }
        // One range is what players ask for; several (rare) get the whole file, which HTTP allows.
        if (Array.isArray(ranges) && ranges.length === 1 && ranges.type === 'bytes') {
          const { start, end } = ranges[0]!;
          reply.code(206);
          reply.header('content-range', `bytes ${start}-${end}/${info.size}`);
          reply.header('content-length', end - start + 1);
          return reply.send(req.method === 'HEAD' ? undefined : await media.open(key, { start, end }));
        }
        reply.header('content-length', info.size);
        return reply.send(req.method === 'HEAD' ? undefined : await media.open(key));
      },
    });
  };
}
