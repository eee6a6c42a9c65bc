import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHARE_PRESETS } from '#common/pictures/rules.ts';
import { NEW_PAGES_PER_MINUTE } from '../src/modules/web/web.routes.ts';
import { requestFrom } from './deploy-processes.ts';
import { NGINX, startNginx, type Proxy } from './proxy-servers.ts';
import { installedConfs, modulePackage, serveRepository, writeStandInCatalogue, writeStandInPackage } from '../src/scripture/library/testing.ts';
import { freshDatabase, spawnServer, waitUntilUp, type ServerProcess } from './server-process.ts';
import { seenWithin } from './seen-within.ts';
import { startInbox } from './smtp-inbox.ts';
import { WEB_DIST } from './web-build.ts';

/**
 * Issue 32 §3: the real topology on this machine. A fresh PostgreSQL database, the S3 stand-in, two app
 * processes started at the same moment and nginx in front with the shipped site file; everything is
 * checked through the proxy, or at one process's own port where one process must be aimed at.
 */
const MIGRATIONS = readdirSync(new URL('../src/db/migrations', import.meta.url)).filter((f) => f.endsWith('.sql')).length;
const BUCKET = 'selah-media';
const AI_RATE_LIMIT = 3;
const IMAGE_RATE_LIMIT = 2;
const AUDIO_RATE_LIMIT = 2;
const METRICS_TOKEN = 'cluster-test-metrics-token';
/** The daily job makes today's prayer and those of the 13 days before (daily.service.ts). */
const CATCH_UP_DAYS = 14;

const skipReason = !process.env.TEST_DATABASE_URL
  ? ' (skipped: several processes need PostgreSQL, set TEST_DATABASE_URL)'
  : !NGINX
    ? ' (skipped: nginx is not installed)'
    : '';

/** A signed-in (or not) visitor: a cookie jar over fetch, for the proxy or one process's own port. */
class Visitor {
  private readonly cookies = new Map<string, string>();
  constructor(readonly origin: string) {}

  async send(base: string, method: string, path: string, body?: unknown): Promise<Response> {
    const res = await fetch(`${base}${path}`, {
      method,
      redirect: 'manual',
      headers: {
        origin: this.origin,
        cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(body !== undefined && { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const line of res.headers.getSetCookie()) {
      const [name, ...value] = line.split(';')[0]!.split('=');
      if (value.join('=') === '' || /max-age=0/i.test(line)) this.cookies.delete(name!.trim());
      else this.cookies.set(name!.trim(), value.join('='));
    }
    return res;
  }
}

/** How many access-log lines of `method route` the process wrote (LOG_REQUESTS=on), by status. */
function logged(server: ServerProcess, method: string, route: string): Record<number, number> {
  const counts: Record<number, number> = {};
  const line = new RegExp(`"msg":"request","method":"${method}","route":"${route.replace(/[/]/g, '\\/')}","status":(\\d+)`, 'g');
  for (const m of server.output().matchAll(line)) counts[Number(m[1])] = (counts[Number(m[1])] ?? 0) + 1;
  return counts;
}

const total = (counts: Record<number, number>) => Object.values(counts).reduce((a, b) => a + b, 0);

describe.skipIf(skipReason !== '')(`two app processes behind nginx on one PostgreSQL and one bucket, started at the same moment${skipReason}`, () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let sql: pg.Pool;
  let inbox: Awaited<ReturnType<typeof startInbox>>;
  let bucketDir: string;
  let library: Awaited<ReturnType<typeof serveRepository>>;
  const libraryRoot = mkdtempSync(join(tmpdir(), 'selah-cluster-sword-'));
  let s3: S3rver | undefined;
  let servers: [ServerProcess, ServerProcess];
  let proxy: Proxy;
  let admin: Visitor;
  let site: string;
  const startedAt = performance.now();
  const timings: Record<string, unknown> = {};
  let prayersEdited = 0;

  const count = async (query: string, values: unknown[] = []) => Number((await sql.query(query, values)).rows[0].n);

  /** Waits until the daily job has made every day's prayer and picture (it starts with each process). */
  const dailyJobDone = () =>
    expect
      .poll(() => count(`select count(*)::int as n from job_run where job = 'daily-prayer' and finished_at is not null`), { timeout: 180_000 })
      .toBe(CATCH_UP_DAYS);

  /** Signs up through the proxy, follows the mailed link, and answers the signed-in visitor. */
  async function signUp(email: string): Promise<Visitor> {
    const visitor = new Visitor(site);
    const res = await visitor.send(site, 'POST', '/api/auth/sign-up/email', { email, password: 'correct horse battery', name: email.split('@')[0] });
    expect(res.status, await res.clone().text()).toBe(200);
    const link = new URL(inbox.link(await inbox.waitFor(email, /Confirm your email|Verify/i, 30_000)));
    const verified = await visitor.send(site, 'GET', link.pathname + link.search);
    expect(verified.status, await verified.clone().text()).toBeLessThan(400);
    return visitor;
  }

  beforeAll(async () => {
    // The processes make today's prayer as they start, and the kept-page checks need today's: a run that
    // crosses UTC midnight would look for a day nobody has made yet (it failed so at 23:59:58). Close to
    // midnight the file starts once the day has turned.
    const toMidnight = 86_400_000 - (Date.now() % 86_400_000);
    if (toMidnight < 2 * 60_000) await new Promise((resolve) => setTimeout(resolve, toMidnight + 1_000));
    database = await freshDatabase('cluster');
    sql = new pg.Pool({ connectionString: database.url, max: 2 });
    inbox = await startInbox();
    bucketDir = mkdtempSync(join(tmpdir(), 'selah-cluster-s3-'));
    // A SWORD repository on loopback with one translation to install, and remove, through the admin panel.
    await writeStandInCatalogue(libraryRoot, installedConfs(['spaRV1909eb.conf']));
    await writeStandInPackage(libraryRoot, 'spaRV1909eb.zip', await modulePackage('spaRV1909eb'));
    library = await serveRepository(libraryRoot);
    const standIn = library.repository('Stand-in');
    s3 = new S3rver({ address: '127.0.0.1', port: 0, directory: bucketDir, silent: true, configureBuckets: [{ name: BUCKET, configs: [] }] });
    const { port: s3Port } = await s3.run();
    // The site's address is named to the processes before nginx starts: its port is held until then.
    const held = createServer();
    await new Promise<void>((resolve) => held.listen(0, '127.0.0.1', resolve));
    const proxyPort = (held.address() as AddressInfo).port;
    site = `http://127.0.0.1:${proxyPort}`;
    const env = {
      DATABASE_URL: database.url,
      WEB_DIST,
      PUBLIC_URL: site,
      // nginx passes the site's name without its port (`Host $host`).
      ALLOWED_HOSTS: '127.0.0.1',
      TRUST_PROXY: '1',
      AUTH_SECRET: 'cluster-test-secret-cluster-test-secret-01',
      MEDIA_S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
      MEDIA_S3_BUCKET: BUCKET,
      MEDIA_S3_ACCESS_KEY_ID: 'S3RVER',
      MEDIA_S3_SECRET_ACCESS_KEY: 'S3RVER',
      SMTP_URL: inbox.url,
      CONTACT_EMAIL: 'team@selah.test',
      AI_RATE_LIMIT: String(AI_RATE_LIMIT),
      IMAGE_RATE_LIMIT: String(IMAGE_RATE_LIMIT),
      AUDIO_RATE_LIMIT: String(AUDIO_RATE_LIMIT),
      METRICS_TOKEN,
      LOG_REQUESTS: 'on',
      LOG_LEVEL: 'info',
      SWORD_REPOSITORIES: `Stand-in=${standIn.catalogueUrl}|${standIn.packageUrl}`,
    };
    // The same moment: both spawned before either is waited for.
    servers = (await Promise.all([spawnServer(env), spawnServer(env)])) as [ServerProcess, ServerProcess];
    await Promise.all(servers.map((server) => waitUntilUp(server)));
    timings.up = performance.now() - startedAt;
    await new Promise((resolve) => held.close(resolve));
    proxy = await startNginx([servers[0].port, servers[1].port], proxyPort);
    admin = await signUp('phoebe@example.org');
    await sql.query(`update "user" set role = 'admin' where email = $1`, ['phoebe@example.org']);
  }, 300_000);

  afterAll(async () => {
    await proxy?.stop();
    for (const server of servers ?? []) server.child.kill('SIGKILL');
    await Promise.all((servers ?? []).map((s) => s.exited));
    await sql?.end();
    await database?.drop();
    await inbox?.stop();
    await s3?.close();
    if (bucketDir) rmSync(bucketDir, { recursive: true, force: true });
    await library?.close();
    rmSync(libraryRoot, { recursive: true, force: true });
    console.info(`cluster test timings (ms from the start): ${JSON.stringify({ ...timings, all: Math.round(performance.now() - startedAt) })}`);
  }, 60_000);

  it('both come up, on one set of tables, with each default translation imported once', async () => {
    for (const server of servers) {
      expect(await (await fetch(`${server.url}/api/ready`)).json()).toEqual({ status: 'ready' });
    }
    expect(await (await fetch(`${site}/api/health`)).json()).toMatchObject({ status: 'ok', translations: 3 });
    expect(await count('select count(*)::int as n from drizzle.__drizzle_migrations')).toBe(MIGRATIONS);
    expect((await sql.query('select code from translations order by code')).rows.map((r) => r.code)).toEqual(['ASV', 'KJV', 'WEB']);
    const output = servers.map((s) => s.output()).join('\n');
    for (const code of ['KJV', 'WEB', 'ASV']) expect(output.match(new RegExp(`imported ${code} from`, 'g'))?.length, code).toBe(1);
  });

  /**
   * `n` requests in flight at once through the proxy, all from the loopback address `from`. Each claims
   * an address of its own as well: were it believed, every one would be a new client.
   */
  const burst = async (n: number, from: string, send: (i: number) => { method?: string; path: string; body?: unknown; cookie?: string }) => {
    const replies = await Promise.all(
      Array.from({ length: n }, async (_, i) => {
        const { method = 'POST', path, body, cookie } = send(i);
        const forged = `203.0.113.${(i % 250) + 1}`;
        const res = await requestFrom(from, `${site}${path}`, {
          method,
          headers: {
            origin: site,
            'x-forwarded-for': forged,
            forwarded: `for=${forged}`,
            'x-real-ip': forged,
            ...(body !== undefined && { 'content-type': 'application/json' }),
            ...(cookie && { cookie }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        const text = await res.text();
        return { status: res.status, message: res.status === 429 ? (JSON.parse(text) as { message: string }).message : undefined };
      }),
    );
    const statuses: Record<number, number> = {};
    for (const r of replies) statuses[r.status] = (statuses[r.status] ?? 0) + 1;
    return { statuses, messages: new Set(replies.flatMap((r) => (r.message ? [r.message] : []))) };
  };

  /** How many requests to `route` each process answered since `before` (its access log). */
  const servedBy = async (method: string, route: string, before: number[], expected: number) => {
    const served = () => servers.map((s, i) => total(logged(s, method, route)) - before[i]!);
    // (An access-log line may reach this test's pipe a moment after its reply.)
    await expect.poll(() => served()[0]! + served()[1]!).toBe(expected);
    return served();
  };

  it('counts AI questions and contact messages once across both processes, whatever X-Forwarded-For a client writes', async () => {
    const ask = (i: number) => ({ path: '/api/ai/ask', body: { question: `Where is peace found? (${i})`, translation: 'KJV' } });
    const aiBefore = servers.map((s) => total(logged(s, 'POST', '/api/ai/ask')));
    expect((await burst(10, '127.0.0.1', ask)).statuses).toEqual({ 200: AI_RATE_LIMIT, 429: 10 - AI_RATE_LIMIT });
    // Both processes answered some of them: the limit held between them, not within one.
    expect(Math.min(...(await servedBy('POST', '/api/ai/ask', aiBefore, 10)))).toBeGreaterThanOrEqual(1);
    // Another client (another address the proxy sees) has its own allowance.
    expect((await burst(6, '127.0.0.2', ask)).statuses).toEqual({ 200: AI_RATE_LIMIT, 429: 6 - AI_RATE_LIMIT });

    const contact = (i: number) => ({
      path: '/api/contact',
      body: { name: 'Lydia', email: 'lydia@example.org', message: `Message number ${i} about the site.` },
    });
    expect((await burst(8, '127.0.0.1', contact)).statuses).toEqual({ 200: 3, 429: 5 });
    for (const server of servers) expect(server.output()).not.toContain('203.0.113');
  });

  it('holds the picture, audio, newsletter, sign-in and new-page limits across both processes too', async () => {
    const [ocean] = SHARE_PRESETS;
    const john3 = (await (await fetch(`${site}/api/bible/content/John/3?translation=KJV`)).json()) as { verses: { text: string }[] };
    const picturesBefore = servers.map((s) => total(logged(s, 'POST', '/api/shared-verses/generate-graphic')));
    const pictures = await burst(6, '127.0.0.3', () => ({
      path: '/api/shared-verses/generate-graphic',
      body: {
        verseText: john3.verses[15]!.text,
        reference: 'John 3:16',
        translation: 'KJV',
        fontStyle: 'classic',
        backgroundColor: ocean!.background,
        textColor: ocean!.text,
      },
    }));
    expect(pictures).toEqual({
      statuses: { 200: IMAGE_RATE_LIMIT, 429: 6 - IMAGE_RATE_LIMIT },
      messages: new Set([`You have made ${IMAGE_RATE_LIMIT} pictures in the last hour. Please try again in 60 minutes.`]),
    });
    expect(Math.min(...(await servedBy('POST', '/api/shared-verses/generate-graphic', picturesBefore, 6)))).toBeGreaterThanOrEqual(1);

    // Each asks for a passage not yet spoken, so each would be a new synthesis.
    const audio = await burst(5, '127.0.0.3', (i) => ({
      path: '/api/verse/audio',
      body: { reference: `Psalm 119:${i + 1}`, text: 'the verse as shown', translation: 'KJV' },
    }));
    expect(audio).toEqual({
      statuses: { 200: AUDIO_RATE_LIMIT, 429: 5 - AUDIO_RATE_LIMIT },
      messages: new Set([`You have had ${AUDIO_RATE_LIMIT} new passages read aloud in the last hour. Please try again in 60 minutes.`]),
    });

    const newsletter = await burst(8, '127.0.0.3', (i) => ({ path: '/api/newsletter/subscribe', body: { email: `reader${i}@example.org` } }));
    expect(newsletter).toEqual({ statuses: { 200: 5, 429: 3 }, messages: new Set(['Too many sign-ups from here. Please try again in 60 minutes.']) });

    // A different account each time, so only the per-address limit can answer 429.
    const signIns = await burst(14, '127.0.0.4', (i) => ({
      path: '/api/auth/sign-in/email',
      body: { email: `stranger${i}@example.org`, password: 'not the password' },
    }));
    expect(signIns.statuses).toEqual({ 401: 10, 429: 4 });

    const pages = await burst(NEW_PAGES_PER_MINUTE + 10, '127.0.0.5', (i) => ({ method: 'GET', path: `/search?q=cluster${i}` }));
    expect(pages.statuses).toEqual({ 200: NEW_PAGES_PER_MINUTE, 429: 10 });
    expect([...pages.messages].every((m) => /^Too many pages at once\. Please wait \d+ seconds and try again\.$/.test(m))).toBe(true);
  });

  it('shows a lesson published, a picture hidden and a prayer edited on one process on the other’s rendered page within 2 s', async () => {
    const [a, b] = servers;
    // Today's prayer and its picture, made by the daily job at start (on one process or the other). Each
    // day it makes clears the kept pages, so it must be done before a kept page can say anything.
    await dailyJobDone();
    const home = async (server = b) => (await fetch(`${server.url}/`)).text();
    const pageHits = async (server: ServerProcess) => {
      const text = await (await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
      return Number(/^selah_cache_lookups_total\{(?=[^}]*cache="pages")(?=[^}]*result="hit")[^}]*\} (\d+)/m.exec(text)?.[1] ?? 0);
    };
    /** Whether the process serves its home page from what it keeps (a second read renders nothing). */
    const keepsHome = async (server: ServerProcess) => {
      await home(server);
      const hits = await pageHits(server);
      await home(server);
      return (await pageHits(server)) === hits + 1;
    };
    // Each process keeps the home page once today's prayer is made, the one that made it and the other.
    for (const server of servers) await expect.poll(() => keepsHome(server), { timeout: 10_000 }).toBe(true);
    const { visualContemplation } = (await (await fetch(`${b.url}/api/homepage`)).json()) as { visualContemplation: { imageUrl: string } | null };
    const imageUrl = visualContemplation!.imageUrl;
    const kept = await home();
    expect(kept).toContain(imageUrl);
    expect(kept).not.toContain('Light for the Path');

    const author = await admin.send(a.url, 'POST', '/api/admin/authors', { name: 'Priscilla', bio: 'Taught Apollos the way more exactly.' });
    expect(author.status, await author.clone().text()).toBe(200);
    const lesson = { title: 'Light for the Path', excerpt: 'What a lamp does.', body: 'Psalm 119:105 calls the word a lamp.', status: 'published' };
    const saved = await admin.send(a.url, 'POST', '/api/admin/lessons', { ...lesson, authorId: ((await author.json()) as { id: string }).id });
    expect(saved.status, await saved.clone().text()).toBe(200);
    timings.lessonSeenMs = Math.round(await seenWithin('the published lesson', async () => (await home()).includes('Light for the Path')));

    // The lesson's picture is painted in the background, and clears the kept pages once more when it is set.
    await expect
      .poll(() => count(`select count(*)::int as n from job_run where job = 'hero-picture' and finished_at is not null`), { timeout: 120_000 })
      .toBe(1);
    await expect.poll(() => keepsHome(b)).toBe(true); // kept again by B from here
    expect(await home()).toContain(imageUrl);
    const { rows } = await sql.query(`select picture_id from daily_prayer where day = $1`, [new Date().toISOString().slice(0, 10)]);
    const hidden = await admin.send(a.url, 'PUT', `/api/admin/pictures/${rows[0].picture_id}/hidden`, { hidden: true });
    expect(await hidden.json()).toEqual({ id: rows[0].picture_id, hidden: true });
    timings.pictureGoneMs = Math.round(await seenWithin('the hidden picture', async () => !(await home()).includes(imageUrl)));

    await expect.poll(() => keepsHome(b)).toBe(true);
    const { prayer } = (await (await fetch(`${b.url}/api/homepage`)).json()) as { prayer: { day: string } };
    const words = { title: 'For a quiet heart', content: 'Lord, quiet the noise in me, and let me hear you today.' };
    const edited = await admin.send(a.url, 'PUT', `/api/admin/prayers/${prayer.day}`, words);
    expect(edited.status, await edited.clone().text()).toBe(200);
    prayersEdited++;
    timings.prayerSeenMs = Math.round(await seenWithin('the edited prayer', async () => (await home()).includes(words.title)));
  });

  it('drops a translation removed on one process from the other’s pages, reads and searches within 2 s', async () => {
    const [a, b] = servers;
    const job = async (action: 'install' | 'remove') => {
      const started = await admin.send(a.url, 'POST', '/api/admin/library/jobs', { action, module: 'spaRV1909eb' });
      expect(started.status, await started.clone().text()).toBe(202);
      const { id } = (await started.json()) as { id: string };
      const state = async () => {
        const { jobs } = (await (await admin.send(a.url, 'GET', '/api/admin/library/jobs')).json()) as { jobs: { id: string; state: string }[] };
        return jobs.find((j) => j.id === id)!.state;
      };
      await expect.poll(state, { timeout: 120_000 }).toMatch(/^(done|failed|cancelled)$/);
      return state();
    };
    expect((await admin.send(a.url, 'POST', '/api/admin/library/refresh', {})).status).toBe(200);
    expect(await job('install')).toBe('done');
    const chapter = '/bible?book=John&chapter=3&translation=RV1909';
    const spanish = 'Porque de tal manera amó Dios al mundo';
    const read = () => fetch(`${b.url}/api/bible/content/John/3?translation=RV1909`);
    const searched = () => fetch(`${b.url}/api/search?q=${encodeURIComponent('amó Dios al mundo')}&translation=RV1909`);
    // Installing is the set-up: the other process copies the whole text from the database first.
    await expect.poll(async () => (await read()).status, { timeout: 60_000 }).toBe(200);
    expect(await (await fetch(`${b.url}${chapter}`)).text()).toContain(spanish); // rendered, and kept
    expect((await searched()).status).toBe(200);

    expect(await job('remove')).toBe('done');
    timings.translationGoneMs = Math.round(
      await seenWithin('the removed translation', async () => {
        const [gone, page, search] = await Promise.all([read(), fetch(`${b.url}${chapter}`).then((r) => r.text()), searched()]);
        return gone.status === 404 && !page.includes(spanish) && search.status === 404;
      }),
    );
  }, 240_000);

  it('serves a picture made on one process from the other, whole and in ranges, out of the one bucket', async () => {
    const [a, b] = servers;
    const chapter = (await (await fetch(`${site}/api/bible/content/Psalms/117?translation=KJV`)).json()) as { verses: { text: string }[] };
    const made = await fetch(`${a.url}/api/verse-visualizations/generate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ reference: 'Psalm 117:1', verseText: chapter.verses[0]!.text, translation: 'KJV' }),
    });
    expect(made.status, await made.clone().text()).toBe(200);
    const { imageUrl } = (await made.json()) as { imageUrl: string };
    expect(imageUrl).toMatch(/^\/media\//);

    const whole = await fetch(`${b.url}${imageUrl}`);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('image/webp');
    const bytes = Buffer.from(await whole.arrayBuffer());
    expect(bytes.subarray(8, 12).toString('latin1')).toBe('WEBP');
    const fromA = Buffer.from(await (await fetch(`${a.url}${imageUrl}`)).arrayBuffer());
    expect(fromA.equals(bytes)).toBe(true);
    for (const base of [b.url, site]) {
      const part = await fetch(`${base}${imageUrl}`, { headers: { range: 'bytes=100-299' } });
      expect(part.status).toBe(206);
      expect(part.headers.get('content-range')).toBe(`bytes 100-299/${bytes.length}`);
      expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(100, 300))).toBe(true);
    }
  });

  it('makes each day’s prayer and picture, and sends the week’s newsletter to each reader, once between the two', async () => {
    // The daily job ran at both starts: every day claimed once, one prayer and one picture each.
    await dailyJobDone();
    expect(await count(`select count(*)::int as n from job_run where job = 'daily-prayer'`)).toBe(CATCH_UP_DAYS);
    expect(await count(`select count(*)::int as n from daily_prayer where picture_id is not null`)).toBe(CATCH_UP_DAYS);
    // (A prayer edited by hand gets a picture of its own: one more for each edited above.)
    expect(await count(`select count(*)::int as n from picture where kind = 'prayer'`)).toBe(CATCH_UP_DAYS + prayersEdited);

    const readers = ['anna@example.org', 'simeon@example.org', 'rhoda@example.org'];
    for (const email of readers) {
      const res = await fetch(`${site}/api/newsletter/subscribe`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email }),
      });
      expect(res.status).toBe(200);
      const token = new URL(inbox.link(await inbox.waitFor(email, /Confirm your Selah newsletter/, 30_000))).searchParams.get('token');
      const confirmed = await fetch(`${site}/api/newsletter/confirm`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token }),
      });
      expect(confirmed.status).toBe(200);
    }
    // Both processes are told to send the week's issue at the same moment.
    const sent = await Promise.all(
      servers.map(async (server) => (await (await admin.send(server.url, 'POST', '/api/admin/newsletter/send')).json()) as { sent: number }),
    );
    expect(sent[0]!.sent + sent[1]!.sent).toBe(readers.length);
    for (const email of readers) {
      expect(inbox.messages.filter((m) => m.to.includes(email) && m.subject.startsWith('Selah weekly:')).length, email).toBe(1);
    }
    expect(await count(`select count(*)::int as n from newsletter_issue`)).toBe(1);
  });

  it('loses no acknowledged write when one process is killed under load; its readiness fails and the proxy routes around it', async () => {
    const [victim, survivor] = servers;
    const readers = await Promise.all(['tychicus@example.org', 'onesimus@example.org'].map((email) => signUp(email)));
    const acknowledged = { notes: new Map<number, Set<string>>(), highlights: new Map<number, Set<string>>() };
    const failedWrites: { path: string; status: number | string; startedAfterDeath: boolean }[] = [];
    const reads: { status: number | string; startedAfterDeath: boolean }[] = [];
    let dead = false;
    let stop = false;
    let acks = 0;

    const writer = async (r: number, kind: 'notes' | 'highlights') => {
      const mine = new Set<string>();
      acknowledged[kind].set(r, mine);
      // A note each time; a highlight on each verse of Psalm 119 in turn (a verse marked again only changes colour).
      for (let i = 1; !stop && i <= (kind === 'notes' ? 500 : 176); i++) {
        const body =
          kind === 'notes'
            ? { type: 'freeform', content: `Note ${i} of reader ${r}`, reference: 'John 3:16' }
            : { verse: `PSALMS.119.${i}`, reference: `Psalms 119:${i}`, color: 'yellow', text: '' };
        const startedAfterDeath = dead;
        try {
          const res = await readers[r]!.send(site, 'POST', `/api/${kind}`, body);
          if (res.ok) {
            const saved = (await res.json()) as { id: string; verse?: string };
            mine.add(kind === 'notes' ? saved.id : saved.verse!);
            acks++;
          } else failedWrites.push({ path: kind, status: res.status, startedAfterDeath });
        } catch (error) {
          failedWrites.push({ path: kind, status: String(error), startedAfterDeath });
        }
      }
    };
    const reader = async (r: number) => {
      const paths = ['/api/bible/content/John/3?translation=KJV', '/bible?book=John&chapter=3', '/api/notes?limit=5'];
      for (let i = 0; !stop; i++) {
        const startedAfterDeath = dead;
        try {
          const res = await readers[r]!.send(site, 'GET', paths[i % paths.length]!);
          await res.arrayBuffer();
          reads.push({ status: res.status, startedAfterDeath });
        } catch (error) {
          reads.push({ status: String(error), startedAfterDeath });
        }
      }
    };
    const victimWrites = () => total(logged(victim, 'POST', '/api/notes')) + total(logged(victim, 'POST', '/api/highlights'));
    const load = Promise.all([writer(0, 'notes'), writer(0, 'highlights'), writer(1, 'notes'), writer(1, 'highlights'), reader(0), reader(1)]);

    // Both processes take writes before one dies.
    await expect.poll(() => acks >= 40 && victimWrites() >= 10, { timeout: 60_000 }).toBe(true);
    const victimAcksBeforeDeath = victimWrites();
    victim.child.kill('SIGKILL');
    await victim.exited;
    dead = true;
    const acksAtDeath = acks;
    await expect.poll(() => acks - acksAtDeath >= 40 || stop, { timeout: 60_000 }).toBe(true);
    stop = true;
    await load;

    // Every write the proxy acknowledged is there, read through the one process left.
    const listed = async (r: number, kind: 'notes' | 'highlights') => {
      const res = await readers[r]!.send(site, 'GET', `/api/${kind}?limit=500`);
      const items = (await res.json()) as { id: string; verse: string }[];
      expect(Number(res.headers.get('x-total-count'))).toBe(items.length);
      return new Set(items.map((item) => (kind === 'notes' ? item.id : item.verse)));
    };
    let acknowledgedCount = 0;
    for (const kind of ['notes', 'highlights'] as const) {
      for (const r of [0, 1]) {
        const there = await listed(r, kind);
        const mine = acknowledged[kind].get(r)!;
        acknowledgedCount += mine.size;
        expect(
          [...mine].filter((id) => !there.has(id)),
          `${kind} of reader ${r} acknowledged but missing`,
        ).toEqual([]);
      }
    }
    timings.acknowledgedWrites = acknowledgedCount;
    timings.victimWritesBeforeDeath = victimAcksBeforeDeath;
    timings.failedWrites = failedWrites.map((w) => `${w.path} ${w.status}`);
    timings.reads = reads.length;
    expect(acknowledgedCount).toBe(acks);
    // Only writes the proxy had sent to the dying process fail, with the proxy's 502 (nginx never sends a
    // POST again); none started once it is gone: nginx finds it refusing and sends them to the other.
    expect(failedWrites.filter((w) => w.status !== 502 || w.startedAfterDeath)).toEqual([]);
    // Reads never fail: the proxy tries them again on the other process.
    expect(reads.filter((r) => r.status !== 200)).toEqual([]);
    expect(reads.filter((r) => r.startedAfterDeath).length).toBeGreaterThan(0);

    await expect(fetch(`${victim.url}/api/ready`)).rejects.toThrow();
    expect(await (await fetch(`${survivor.url}/api/ready`)).json()).toEqual({ status: 'ready' });
    for (let i = 0; i < 4; i++) expect((await fetch(`${site}/api/ready`)).status).toBe(200);
  });
});
