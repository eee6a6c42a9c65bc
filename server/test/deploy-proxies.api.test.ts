import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, requestFrom, startAppProcess, type AppProcess, type RawReply } from './deploy-processes.ts';
import { CADDY, NGINX, startCaddy, startNginx, type Proxy } from './proxy-servers.ts';
import { startOpenAiServer } from './openai-server.ts';
import { resetSharedTestDatabase } from './test-app.ts';

/** The question each proxy's stream test asks, with its proxy's name in it. */
const streamedQuestion = (proxy: string) => `What is grace, streamed through ${proxy}?`;
const databaseEnv: Record<string, string> = process.env.TEST_DATABASE_URL ? { DATABASE_URL: process.env.TEST_DATABASE_URL } : {};

/** Caddy warns of lines it would ignore or that repeat its defaults: the shipped file has none. */
async function startCaddyWithoutWarnings(upstreams: [number, number]): Promise<Proxy> {
  const caddy = await startCaddy(upstreams);
  expect(caddy.warnings).toBe('');
  return caddy;
}

/** Server-sent events read from a reply: `until` reads on until enough have come, and may be called again. */
function eventsOf(body: RawReply['body']) {
  // One iterator for every call: leaving a `for await` loop early would end the reply.
  const chunks = body[Symbol.asyncIterator]();
  const events: { event: string; data: unknown }[] = [];
  let buffered = '';
  return async (enough: (events: { event: string; data: unknown }[]) => boolean) => {
    while (!enough(events)) {
      const { value, done } = (await chunks.next()) as IteratorResult<Buffer>;
      if (done) break;
      buffered += String(value);
      let end;
      while ((end = buffered.indexOf('\n\n')) >= 0) {
        const frame = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        const data = /^data: (.*)$/m.exec(frame)?.[1];
        events.push({ event: /^event: (.*)$/m.exec(frame)?.[1] ?? 'message', data: data === undefined ? undefined : JSON.parse(data) });
      }
    }
    return events;
  };
}

/** A model's answer held back after its first word until `release` (one per streamed question). */
function gate() {
  let release!: () => void;
  const promise = new Promise<void>((resolve) => (release = resolve));
  return { promise, release };
}

const proxies = [
  { name: 'nginx', file: 'deploy/nginx-selah.conf', program: NGINX, start: startNginx, client: '127.0.0.1', forged: '203.0.113' },
  { name: 'Caddy', file: 'deploy/Caddyfile', program: CADDY, start: startCaddyWithoutWarnings, client: '127.0.0.2', forged: '198.51.100' },
];

describe.skipIf(!NGINX && !CADDY)(
  `the shipped proxy files in front of two app processes${NGINX || CADDY ? '' : ' (skipped: neither nginx nor caddy is installed)'}`,
  () => {
    const apps: AppProcess[] = [];
    const gates = new Map(['nginx', 'Caddy'].map((name) => [streamedQuestion(name), gate()]));
    let model: Awaited<ReturnType<typeof startOpenAiServer>>;

    beforeAll(async () => {
      await resetSharedTestDatabase();
      // The streamed question's answer waits after its first word until the test has seen that word through the proxy.
      model = await startOpenAiServer(({ body }) => {
        const held = [...gates].find(([question]) => body.messages.some((m) => m.content.includes(question)));
        return held ? { text: 'Grace and peace (John 1:17).', restAfter: held[1].promise } : { text: 'Peace (John 14:27).' };
      });
      const common = {
        ...databaseEnv,
        ALLOWED_HOSTS: '127.0.0.1',
        AUTH_SECRET: 'deploy-test-secret-deploy-test-secret-0123',
        LOG_REQUESTS: 'on',
        LOG_LEVEL: 'warn',
        AI_RATE_LIMIT: '1',
        AI_BASE_URL: model.url,
        AI_MODEL: 'test-model',
        AI_DISCOVER_PORTS: 'off',
      };
      // Both settings the docs name for a proxy on the same machine: a hop count, and the proxy's address.
      // One at a time: starting together on one new database is another part of issue 32.
      apps.push(await startAppProcess(await freePort(), { ...common, TRUST_PROXY: '1' }));
      apps.push(await startAppProcess(await freePort(), { ...common, TRUST_PROXY: '127.0.0.1' }));
    }, 400_000);

    afterAll(async () => {
      for (const held of gates.values()) held.release();
      await Promise.all(apps.map((app) => app.stop()));
      await model?.stop();
    }, 60_000);

    for (const { name, file, program, start, client, forged } of proxies) {
      describe.skipIf(!program)(`${name} with ${file}${program ? '' : ` (skipped: ${name} is not installed)`}`, () => {
        let proxy: Proxy;
        const send = (path: string, options: Parameters<typeof requestFrom>[2] = {}) => requestFrom(client, `${proxy.url}${path}`, options);
        beforeAll(async () => {
          proxy = await start([apps[0]!.port, apps[1]!.port]);
        }, 60_000);
        afterAll(() => proxy?.stop(), 30_000);

        it('serves pages and the API from both processes, and keeps /metrics off the public site', async () => {
          const chapterReads = () =>
            apps.map((app) => app.output().match(/"msg":"request"[^\n]*"route":"\/api\/bible\/content\/:book\/:chapter"/g)?.length ?? 0);
          const seenBefore = chapterReads();
          const page = await send('/bible?book=John&chapter=3');
          expect(page.status).toBe(200);
          expect(page.headers['content-type']).toContain('text/html');
          expect(await page.text()).toContain('For God so loved the world');
          for (let i = 0; i < 4; i++) {
            const chapter = await send('/api/bible/content/John/11?translation=WEB');
            expect(chapter.status).toBe(200);
            expect((JSON.parse(await chapter.text()) as { verses: { text: string }[] }).verses[34]?.text).toBe('Jesus wept.');
          }
          const metrics = await send('/metrics');
          expect(metrics.status).toBe(404);
          await metrics.text();
          // Each process wrote access-log lines for some of the four reads: the proxy shares them out.
          const logged = () => chapterReads().map((n, i) => n - seenBefore[i]!);
          // (A log line may reach this test's pipe a moment after its reply.)
          await expect.poll(() => logged()[0]! + logged()[1]!).toBe(4);
          const seen = logged();
          expect(Math.min(...seen)).toBeGreaterThanOrEqual(1);
        });

        it('passes the AI answer stream on as it is written, not once it ends', async () => {
          const question = streamedQuestion(name);
          const res = await send('/api/ai/ask/stream', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ question, translation: 'KJV' }),
          });
          expect(res.status).toBe(200);
          expect(res.headers['content-type']).toContain('text/event-stream');
          // The model holds back every word after the first until this draft has come through the proxy:
          // a buffering proxy would hold the draft until the end, and the answer would never end.
          const events = eventsOf(res.body);
          const first = await events((seen) => seen.some((e) => e.event === 'draft'));
          expect(first.find((e) => e.event === 'draft')?.data).toEqual({ text: 'Grace ' });
          gates.get(question)!.release();
          const all = await events(() => false);
          expect(all.map((e) => e.event).at(-1)).toBe('done');
        });

        it('replaces a client’s forged X-Forwarded-For: every question counts against the one address the proxy saw', async () => {
          // AI_RATE_LIMIT=1 per address. Were each forged address believed, every one of these would be answered.
          const statuses: number[] = [];
          for (let i = 1; i <= 6; i++) {
            const res = await send('/api/ai/ask', {
              method: 'POST',
              headers: { 'content-type': 'application/json', 'x-forwarded-for': `${forged}.${i}`, forwarded: `for=${forged}.${i}` },
              body: JSON.stringify({ question: `Who is the good shepherd? (${i})`, translation: 'KJV' }),
            });
            await res.text();
            statuses.push(res.status);
          }
          // The stream before used this client's one question on one process; the other counts at most
          // one more on its own (until limits are counted in the database): at most 1 of the 6 is answered.
          expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(1);
          expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(5);
          for (const app of apps) expect(app.output()).not.toContain(forged);
        });
      });
    }
  },
);
