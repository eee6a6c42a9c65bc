import { PassThrough } from 'node:stream';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { askReply, askRequest, topicPassages, topicPassagesQuery } from '#common/contracts/ai.ts';
import { errorBody } from '#common/contracts/errors.ts';
import type { ViewerOf } from '../../access/viewer.ts';
import type { AiService } from './ai.service.ts';

/** `closing` fires when the process is stopping: answers still streaming stop (the person may ask again). */
export function aiRoutes(service: AiService, viewerOf: ViewerOf, closing: AbortSignal): FastifyPluginAsyncZod {
  return async (app) => {
    // Spec §6: guests use the AI too.
    app.post(
      '/api/ai/ask',
      { schema: { body: askRequest, response: { 200: askReply, 400: errorBody, 401: errorBody, 404: errorBody, 429: errorBody } } },
      async (req, reply) => {
        reply.header('cache-control', 'no-store');
        return service.ask(await viewerOf(req), req.ip, req.body);
      },
    );
    // The same question answered as server-sent events, each of the service's events one frame: `draft`
    // ({ text }) while a model writes, unchecked; then `done` (the checked reply, as /api/ai/ask answers)
    // or `error` ({ message }). Limits, input and the translation are checked first, so those refusals
    // are ordinary JSON errors.
    app.post(
      '/api/ai/ask/stream',
      // 200 is a stream of events, sent as it is (Fastify pipes streams without serializing them).
      { schema: { body: askRequest, response: { 200: z.any(), 400: errorBody, 401: errorBody, 404: errorBody, 429: errorBody } } },
      async (req, reply) => {
        const answering = await service.askLive(await viewerOf(req), req.ip, req.body);
        const stream = new PassThrough();
        const stop = new AbortController();
        const answered = answering(
          ({ event, data }) => stream.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`),
          AbortSignal.any([stop.signal, closing]),
        );
        // The person stopped or left: stop the model too. (The request's own 'close' has already fired
        // once its body was read; the response's fires when the connection goes before the answer ends.)
        reply.raw.on('close', () => {
          if (!reply.raw.writableFinished) stop.abort();
        });
        void answered.finally(() => stream.end());
        reply.header('content-type', 'text/event-stream; charset=utf-8').header('cache-control', 'no-store').header('x-accel-buffering', 'no');
        return reply.send(stream);
      },
    );

    // A read with no personal data: the same for everyone, and kept for an hour like search results,
    // unless the model could not be asked this time (a failure): then it is asked again next time.
    app.get(
      '/api/ai/passages',
      { schema: { querystring: topicPassagesQuery, response: { 200: topicPassages, 400: errorBody, 404: errorBody, 429: errorBody } } },
      async (req, reply) => {
        // Counted against the address alone: a public read does not look at who is signed in.
        const { fresh, ...found } = await service.passagesFor(req.query.q, req.query.translation, { viewer: { kind: 'guest' }, address: req.ip });
        reply.header('cache-control', fresh ? 'public, max-age=3600' : 'no-store');
        return found;
      },
    );
  };
}
