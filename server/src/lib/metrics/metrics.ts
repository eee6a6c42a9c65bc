import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Counts the lookups of one cache: a hit served what was kept, a miss made it anew. */
export interface CacheMeter {
  hit(): void;
  miss(): void;
}

/** For what is built without metrics (unit tests, scripts). */
export const NO_METER: CacheMeter = { hit: () => {}, miss: () => {} };

/** Runs one generation (a picture, a passage read aloud), counted while in progress and by outcome. */
export type GenerationMeter = <T>(work: () => Promise<T>) => Promise<T>;

/** A label set and its value, as a collected metric reports it. */
export type Sample = [labels: Record<string, string>, value: number];

// Seconds: a prepared read takes well under a millisecond, a rendered page tens, an AI answer seconds.
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

/**
 * The app's Prometheus metrics (served at /metrics when METRICS_TOKEN is set). One registry per app, so
 * two apps in one process (tests playing two processes) count apart. Modules register what they
 * measure here; what the hot paths call (a cache's hit, a request's end) is a bound counter's `inc`,
 * and what can be read when scraped (queue lengths, the database pool) is read only then.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly requests: Counter<'method' | 'route' | 'status'>;
  private readonly latency: Histogram<'method' | 'route'>;
  private readonly cacheLookups: Counter<'cache' | 'result'>;
  private readonly generations: Counter<'kind' | 'outcome'>;
  private readonly generating: Gauge<'kind'>;

  constructor(options: { processMetrics: boolean }) {
    const registers = [this.registry];
    if (options.processMetrics) collectDefaultMetrics({ register: this.registry, prefix: 'selah_' });
    this.requests = new Counter({
      name: 'selah_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status',
      labelNames: ['method', 'route', 'status'],
      registers,
    });
    this.latency = new Histogram({
      name: 'selah_http_request_duration_seconds',
      help: 'Time from a request’s arrival to its reply, by method and route pattern',
      labelNames: ['method', 'route'],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.cacheLookups = new Counter({
      name: 'selah_cache_lookups_total',
      help: 'Lookups in this process’s caches, by cache and result (hit or miss)',
      labelNames: ['cache', 'result'],
      registers,
    });
    this.generations = new Counter({
      name: 'selah_generations_total',
      help: 'Pictures and passages read aloud made by this process, by kind and outcome',
      labelNames: ['kind', 'outcome'],
      registers,
    });
    this.generating = new Gauge({
      name: 'selah_generations_in_progress',
      help: 'Generations waiting for or holding a worker in this process, by kind',
      labelNames: ['kind'],
      registers,
    });
  }

  /** One answered request. `route` is the route's pattern, never the URL: the label's values stay few. */
  request(method: string, route: string, status: number, seconds: number): void {
    this.requests.inc({ method, route, status: String(status) });
    this.latency.observe({ method, route }, seconds);
  }

  cache(name: string): CacheMeter {
    const hits = this.cacheLookups.labels({ cache: name, result: 'hit' });
    const misses = this.cacheLookups.labels({ cache: name, result: 'miss' });
    return { hit: () => hits.inc(), miss: () => misses.inc() };
  }

  generation(kind: string): GenerationMeter {
    const done = this.generations.labels({ kind, outcome: 'made' });
    const failed = this.generations.labels({ kind, outcome: 'failed' });
    const inProgress = this.generating.labels({ kind });
    inProgress.set(0);
    return async (work) => {
      inProgress.inc();
      try {
        const made = await work();
        done.inc();
        return made;
      } catch (error) {
        failed.inc();
        throw error;
      } finally {
        inProgress.dec();
      }
    };
  }

  /** A value read when scraped (a queue's length, a pool's connections): nothing is done between scrapes. */
  gauge(name: string, help: string, labelNames: string[], read: () => Sample[]): void {
    new Gauge({
      name,
      help,
      labelNames,
      registers: [this.registry],
      collect() {
        this.reset();
        for (const [labels, value] of read()) this.set(labels, value);
      },
    });
  }

  /** A count kept elsewhere (it only grows), read when scraped. */
  counter(name: string, help: string, labelNames: string[], read: () => Sample[]): void {
    new Counter({
      name,
      help,
      labelNames,
      registers: [this.registry],
      collect() {
        this.reset();
        for (const [labels, value] of read()) this.inc(labels, value);
      },
    });
  }
}
