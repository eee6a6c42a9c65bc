import type { AddressInfo } from 'node:net';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind, startTestApp } from '../../test/test-app.ts';
import { WEB_DIST } from '../../test/web-build.ts';

const TOKEN = 'metrics-token-for-the-test-0123456789';

/** One sample of Prometheus' text format: its name, labels and value. */
interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

function parseMetrics(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m) continue;
    const labels: Record<string, string> = {};
    for (const [, key, value] of (m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[key!] = value!;
    samples.push({ name: m[1]!, labels, value: Number(m[3]) });
  }
  return samples;
}

/** The value of the sample with exactly these labels; 0 when there is none yet (a counter not yet counted). */
function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels);
  const found = samples.find((s) => s.name === name && Object.keys(s.labels).length === wanted.length && wanted.every(([k, v]) => s.labels[k] === v));
  return found?.value ?? 0;
}

describe(`/metrics on ${databaseKind()}`, () => {
  describe('without METRICS_TOKEN', () => {
    let app: Awaited<ReturnType<typeof startTestApp>>;
    beforeAll(async () => {
      app = await startTestApp({ importDefaults: false });
    });
    afterAll(() => app.stop());

    it('is not there: 404, whatever token is sent', async () => {
      for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }]) {
        const res = await app.server.inject({ method: 'GET', url: '/metrics', headers });
        expect(res.statusCode).toBe(404);
        expect(res.body).not.toContain('selah_');
      }
    });
  });

  describe('with METRICS_TOKEN', () => {
    let app: Awaited<ReturnType<typeof startTestApp>>;
    let base: string;
    beforeAll(async () => {
      app = await startTestApp({ env: { METRICS_TOKEN: TOKEN, WEB_DIST } });
      await app.server.listen({ port: 0, host: '127.0.0.1' });
      base = `http://127.0.0.1:${(app.server.server.address() as AddressInfo).port}`;
    });
    afterAll(() => app.stop());

    const scrape = async (): Promise<Sample[]> => {
      const res = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/plain');
      return parseMetrics(await res.text());
    };

    it('refuses a missing, wrong or malformed token with 401 and shows nothing', async () => {
      for (const authorization of [undefined, 'Bearer wrong-token-wrong-token-wrong', `Bearer ${TOKEN}x`, TOKEN, `Basic ${TOKEN}`, 'Bearer ']) {
        const res = await fetch(`${base}/metrics`, { headers: authorization === undefined ? {} : { authorization } });
        expect(res.status, authorization).toBe(401);
        expect(res.headers.get('www-authenticate')).toBe('Bearer');
        const body = (await res.json()) as { message: string };
        expect(body.message).toMatch(/METRICS_TOKEN/);
      }
    });

    it('counts requests by route pattern and status, the prepared reads answered before Fastify included', async () => {
      const route = '/api/bible/content/:book/:chapter';
      const before = await scrape();
      // Prepared chapters (answered before Fastify) and chapters that do not exist (answered by the route).
      for (const chapter of [1, 2, 3, 3, 3]) expect((await fetch(`${base}/api/bible/content/John/${chapter}`)).status).toBe(200);
      for (const chapter of [900, 901, 902]) expect((await fetch(`${base}/api/bible/content/John/${chapter}?translation=KJV`)).status).toBe(404);
      expect((await fetch(`${base}/api/no-such-thing?q=secret`)).status).toBe(404);
      const after = await scrape();

      const count = (samples: Sample[], status: string) => valueOf(samples, 'selah_http_requests_total', { method: 'GET', route, status });
      expect(count(after, '200') - count(before, '200')).toBe(5);
      expect(count(after, '404') - count(before, '404')).toBe(3);
      const latencyCount = (samples: Sample[]) => valueOf(samples, 'selah_http_request_duration_seconds_count', { method: 'GET', route });
      expect(latencyCount(after) - latencyCount(before)).toBe(8);
      const unknown = (samples: Sample[]) => valueOf(samples, 'selah_http_requests_total', { method: 'GET', route: '(not found)', status: '404' });
      expect(unknown(after) - unknown(before)).toBe(1);
      // No label holds a URL: every route label is a pattern or one of the named groups.
      for (const sample of after.filter((s) => s.name === 'selah_http_requests_total')) {
        expect(sample.labels.route).toMatch(/^(\/[\w/:.-]*|\((not found|page|static file)\))$/);
        expect(sample.labels.route).not.toMatch(/John|secret|\?/);
      }
    });

    it('counts kept pages served and pages rendered; the reads a rendering sends to the app are not requests', async () => {
      const before = await scrape();
      const page = `${base}/bible?book=Romans&chapter=8`;
      expect((await fetch(page)).status).toBe(200);
      expect((await fetch(page)).status).toBe(200);
      const after = await scrape();
      const pages = (samples: Sample[], result: string) => valueOf(samples, 'selah_cache_lookups_total', { cache: 'pages', result });
      expect(pages(after, 'miss') - pages(before, 'miss')).toBe(1);
      expect(pages(after, 'hit') - pages(before, 'hit')).toBe(1);
      const served = (samples: Sample[]) => valueOf(samples, 'selah_http_requests_total', { method: 'GET', route: '(page)', status: '200' });
      expect(served(after) - served(before)).toBe(2);
      // Rendering Romans 8 read the chapter through the app itself: not counted as a request.
      const chapterReads = (samples: Sample[]) =>
        samples
          .filter((s) => s.name === 'selah_http_requests_total' && s.labels.route === '/api/bible/content/:book/:chapter')
          .reduce((n, s) => n + s.value, 0);
      expect(chapterReads(after) - chapterReads(before)).toBe(0);
    });

    it('counts search replies kept and made', async () => {
      const before = await scrape();
      const search = () => fetch(`${base}/api/search?q=${encodeURIComponent('living water')}&translation=KJV`);
      // The first replies of a text are not kept until its word pairs are learnt (a few seconds at most).
      let sent = 0;
      let hits = 0;
      while (hits === 0 && sent < 40) {
        expect((await search()).status).toBe(200);
        sent++;
        hits =
          valueOf(await scrape(), 'selah_cache_lookups_total', { cache: 'search-replies', result: 'hit' }) -
          valueOf(before, 'selah_cache_lookups_total', { cache: 'search-replies', result: 'hit' });
      }
      const after = await scrape();
      const lookups = (samples: Sample[]) =>
        valueOf(samples, 'selah_cache_lookups_total', { cache: 'search-replies', result: 'hit' }) +
        valueOf(samples, 'selah_cache_lookups_total', { cache: 'search-replies', result: 'miss' });
      expect(hits).toBe(1);
      expect(lookups(after) - lookups(before)).toBe(sent);
    });

    it('counts AI answers by engine and shows the local model queue', async () => {
      const before = await scrape();
      for (const question of ['What does the Bible say about hope?', 'Who was Moses?']) {
        const res = await fetch(`${base}/api/ai/ask`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${question.length}` },
          body: JSON.stringify({ question, translation: 'KJV' }),
        });
        expect(res.status).toBe(200);
      }
      const after = await scrape();
      const answers = (samples: Sample[]) => valueOf(samples, 'selah_ai_answers_total', { engine: 'scripture-search' });
      expect(answers(after) - answers(before)).toBe(2);
      expect(after.filter((s) => s.name === 'selah_ai_local_model_queue')).toEqual([
        { name: 'selah_ai_local_model_queue', labels: { state: 'running' }, value: 0 },
        { name: 'selah_ai_local_model_queue', labels: { state: 'waiting' }, value: 0 },
      ]);
      // Each kind of generation is reported from the start, none in progress.
      for (const kind of ['picture', 'audio']) expect(after.find((s) => s.name === 'selah_generations_in_progress' && s.labels.kind === kind)?.value).toBe(0);
    });

    it('reports the database pool on PostgreSQL, and no pool on PGlite', async () => {
      const samples = await scrape();
      const pool = samples.filter((s) => s.name.startsWith('selah_db_pool'));
      if (app.database.kind === 'pglite') {
        expect(pool).toEqual([]);
        return;
      }
      const client = (app.database.db as unknown as { $client: pg.Pool }).$client;
      expect(valueOf(samples, 'selah_db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
      expect(valueOf(samples, 'selah_db_pool_waiting')).toBe(0);
      // The figures are the pool's own: a connection may open or close between a scrape and reading the pool
      // here (background work, the idle timeout), so they are compared until both are read at a quiet moment.
      await expect
        .poll(
          async () => {
            const now = await scrape();
            const pool = [client.totalCount, client.idleCount];
            return (
              [valueOf(now, 'selah_db_pool_connections', { state: 'total' }), valueOf(now, 'selah_db_pool_connections', { state: 'idle' })].join() ===
              pool.join()
            );
          },
          { timeout: 20_000 },
        )
        .toBe(true);
    });
  });
});
