import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { BibleStore } from '../../scripture/store/bible-store.ts';
import { notReadyMessage, type Readiness } from './readiness.ts';

const health = z.object({ status: z.literal('ok'), translations: z.number(), copying: z.number() });
const ready = z.object({ status: z.literal('ready') });
const notReady = z.object({ message: z.string() });

/**
 * GET /api/health: this process is alive (answers whatever the database does; a probe that restarts on
 * failure uses this one). GET /api/ready: it can serve, so a load balancer may send it work.
 */
export function healthRoutes(store: BibleStore, readiness: Readiness): FastifyPluginAsyncZod {
  return async (app) => {
    // `copying`: translations a new process is still copying from the database (listed, served when asked).
    app.get('/api/health', { schema: { response: { 200: health } } }, async () => ({
      status: 'ok' as const,
      translations: store.list().length + store.arrivingCount,
      copying: store.arrivingCount,
    }));
    app.get('/api/ready', { schema: { response: { 200: ready, 503: notReady } } }, async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      const down = await readiness.down();
      if (down.length > 0) return reply.code(503).send({ message: notReadyMessage(down) });
      return { status: 'ready' as const };
    });
  };
}
