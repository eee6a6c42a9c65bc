import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Metrics } from '../lib/metrics/metrics.ts';

/** What is recorded of one request: nothing that names a person (no address, query, cookie or account). */
export type RequestSeen = (method: string, route: string, status: number, seconds: number) => void;

/** Writes one access-log line (LOG_REQUESTS=on); standard output unless the app is given another place. */
export type AccessLogWriter = (line: string) => void;

/** The access log's line: JSON as the server's other log lines are, so the same tools read both. */
export function accessLine(method: string, route: string, status: number, seconds: number): string {
  return `${JSON.stringify({ level: 30, time: Date.now(), msg: 'request', method, route, status, ms: Math.round(seconds * 100_000) / 100 })}\n`;
}

/**
 * What every answered request is told to: the metrics when METRICS_TOKEN is set, the access log when
 * LOG_REQUESTS is on; undefined when neither, so requests then pay nothing for them.
 */
export function requestWatchers(options: { metrics?: Metrics; accessLog?: AccessLogWriter }): RequestSeen | undefined {
  const { metrics, accessLog } = options;
  if (metrics && accessLog) {
    return (method, route, status, seconds) => {
      metrics.request(method, route, status, seconds);
      accessLog(accessLine(method, route, status, seconds));
    };
  }
  if (metrics) return (method, route, status, seconds) => metrics.request(method, route, status, seconds);
  if (accessLog) return (method, route, status, seconds) => accessLog(accessLine(method, route, status, seconds));
  return undefined;
}

/**
 * The route a request was answered by, as a pattern (`/api/bible/content/:book/:chapter`), never its URL:
 * a label's values must stay few, and a URL may carry what a person searched for. Each built file has a
 * route of its own (@fastify/static), so they count as one; so do pages, answered by the not-found handler.
 */
export function routeOf(req: FastifyRequest, reply: FastifyReply): string {
  if (req.is404) return reply.statusCode === 404 ? '(not found)' : '(page)';
  const options = req.routeOptions;
  if ((options.config as { file?: unknown } | undefined)?.file !== undefined) return '(static file)';
  return options.url ?? '(not found)';
}

/**
 * Tells `seen` of every request Fastify answers, once its reply is sent. The reads a page's rendering
 * sends to this app through `inject` are the server talking to itself, not requests: they are left out.
 */
export function watchRequests(server: FastifyInstance, seen: RequestSeen): void {
  server.addHook('onResponse', (req, reply, done) => {
    if (!('_lightMyRequest' in req.raw)) seen(req.method, routeOf(req, reply), reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
}

/**
 * GET /metrics in Prometheus' text format, to a scraper that sends `Authorization: Bearer <METRICS_TOKEN>`.
 * The token is compared in constant time (as digests, so its length does not show either).
 */
export function metricsRoute(server: FastifyInstance, metrics: Metrics, token: string): void {
  const expected = createHash('sha256').update(token).digest();
  const authorized = (header: string | undefined) => {
    const given = header?.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
    return timingSafeEqual(createHash('sha256').update(given).digest(), expected) && given.length > 0;
  };
  server.get('/metrics', async (req, reply) => {
    reply.header('cache-control', 'no-store');
    if (!authorized(req.headers.authorization)) {
      return reply.code(401).header('www-authenticate', 'Bearer').send({ message: 'The metrics need the token set in METRICS_TOKEN.' });
    }
    const text = await metrics.registry.metrics();
    return reply.header('content-type', metrics.registry.contentType).send(text);
  });
}
