import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance, type HTTPMethods, type RawServerDefault } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from '../config.ts';
import { Metrics } from '../lib/metrics/metrics.ts';
import { fastReadRoute } from './bible-reads.ts';
import { registerErrorHandler } from './error-handler.ts';
import type { fastReads } from './fast-reads.ts';
import { guardInput } from './input-guard.ts';
import { metricsRoute, requestWatchers, watchRequests, type AccessLogWriter } from './observe-requests.ts';
import { registerSecurityHeaders, type SecurityHeaders } from './security-headers.ts';
import { fastifyTrustProxy } from './trust-proxy.ts';
import { refuseUnknownHosts, TrustedHosts } from './trusted-hosts.ts';

/** Time to receive a whole request, headers and body: the largest upload (a 25 MB import) over a slow line. */
const REQUEST_TIMEOUT_MS = 120_000;

export type AppServer = FastifyInstance<RawServerDefault, IncomingMessage, ServerResponse, FastifyBaseLogger, ZodTypeProvider>;

/** A registered route, with the schemas it validates its input with (read by the API fuzz test). */
export interface RouteEntry {
  method: HTTPMethods;
  url: string;
  schema?: { body?: unknown; querystring?: unknown; params?: unknown };
}

export interface HttpServer {
  server: AppServer;
  /** Every route as it is registered. */
  routes: RouteEntry[];
  hosts: TrustedHosts;
  securityHeaders: SecurityHeaders;
  /** Prepared public reads answered before Fastify, once the Bible module sets them (http/fast-reads.ts). */
  fast: { reads?: ReturnType<typeof fastReads> };
  /**
   * Aborted when the process is stopping and its deadline is near (http/graceful-close.ts): requests that
   * may run for long (an AI answer's stream) stop and end their reply rather than be cut mid-way.
   */
  closing: AbortController;
  /** The app's Prometheus metrics, which modules register into (served at /metrics when METRICS_TOKEN is set). */
  metrics: Metrics;
}

/**
 * The Fastify instance every module registers on, with what holds for every request set up before
 * any module runs: zod validation, `{ message }` errors, browser protections on every reply, known
 * hosts only, bounded input.
 */
export function createHttpServer(config: AppConfig, options: { logger?: boolean; accessLog?: AccessLogWriter }): HttpServer {
  const fast: HttpServer['fast'] = {};
  const metrics = new Metrics({ processMetrics: config.metricsToken !== undefined });
  const seen = requestWatchers({
    metrics: config.metricsToken ? metrics : undefined,
    accessLog: config.logRequests ? (options.accessLog ?? ((line) => process.stdout.write(line))) : undefined,
  });
  // Reads answered before Fastify are counted and logged here, as Fastify's hooks never see them.
  const answerFast = seen
    ? (req: IncomingMessage, res: ServerResponse) => {
        const start = performance.now();
        if (!fast.reads?.(req, res)) return false;
        seen(req.method!, fastReadRoute(req.url!), res.statusCode, (performance.now() - start) / 1000);
        return true;
      }
    : (req: IncomingMessage, res: ServerResponse) => fast.reads?.(req, res);
  const server = Fastify({
    serverFactory: (handler) => createServer((req, res) => answerFast(req, res) || handler(req, res)),
    logger: options.logger === false ? false : { level: config.logLevel },
    // Behind a proxy (TRUST_PROXY) the client address comes from X-Forwarded-For, as far as the trusted proxies go; else the socket's.
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // Per-request logs cost more than a chapter read; errors are still logged by the error handler.
    logController: new LogController({ disableRequestLogging: true }),
    // A client that takes longer than this to send its whole request (a trickled body) is cut off; it
    // would otherwise hold a connection, and a stopping process, open for as long as it likes.
    requestTimeout: REQUEST_TIMEOUT_MS,
  }).withTypeProvider<ZodTypeProvider>();
  server.setValidatorCompiler(validatorCompiler);
  server.setSerializerCompiler(serializerCompiler);
  const routes: RouteEntry[] = [];
  server.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url, schema: route.schema as RouteEntry['schema'] });
  });
  registerErrorHandler(server);

  const publicHttps = config.publicUrl?.startsWith('https://') ?? false;
  const securityHeaders = registerSecurityHeaders(server, { publicHttps });
  const hosts = new TrustedHosts({ publicUrl: config.publicUrl, allowedHosts: config.allowedHosts, listen: { host: config.host, port: config.port } });
  server.addHook('onListen', async () => hosts.addListening(server.addresses().filter((a) => typeof a !== 'string')));
  server.addHook('onRequest', refuseUnknownHosts(hosts));
  guardInput(server);
  if (seen) watchRequests(server, seen);
  if (config.metricsToken) metricsRoute(server, metrics, config.metricsToken);
  return { server, routes, hosts, securityHeaders, fast, metrics, closing: new AbortController() };
}
