import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminAuthor, AdminLesson, Article, AuthorProfile, LessonDetail, LessonsPage } from '#common/contracts/lessons.ts';
import type { NewsPage, NewsPost } from '#common/contracts/news.ts';
import { databaseKind, startTestApp } from '../../../test/test-app.ts';
import { startInbox } from '../../../test/smtp-inbox.ts';
import { Browser, signUpVerified } from '../../../test/accounts.ts';
import { users } from '../../db/schema.ts';

let inbox: Awaited<ReturnType<typeof startInbox>>;
let app: Awaited<ReturnType<typeof startTestApp>>;

const SAMPLE = new URL('../../../../content/sample', import.meta.url).pathname;
const lesson = (over: Record<string, unknown> = {}) => ({
  title: 'Light for the Path',
  excerpt: 'What a lamp does in the dark.',
  body: '## A lamp\n\nPsalm 119:105 calls the word a lamp. Compare John 8:12, and `John 1:1` in code stays as it is.\n\nHezekiah 3:16 is no book at all, and John 3:99 has no such verse.',
  status: 'published',
  ...over,
});

describe(`lessons, authors and news on ${databaseKind()}`, () => {
  let admin: Browser;
  let writer: Browser;
  let reader: Browser;
  let authorId: string;
  beforeAll(async () => {
    inbox = await startInbox();
    app = await startTestApp({ env: { SMTP_URL: inbox.url } });
    admin = await signUpVerified(app, inbox, 'miriam@example.org', undefined, '10.7.0.1');
    writer = await signUpVerified(app, inbox, 'luke@example.org', undefined, '10.7.0.2');
    reader = await signUpVerified(app, inbox, 'theophilus@example.org', undefined, '10.7.0.3');
    await app.database.db.update(users).set({ role: 'admin' }).where(eq(users.email, 'miriam@example.org'));
    await app.database.db.update(users).set({ role: 'author' }).where(eq(users.email, 'luke@example.org'));
  }, 60_000);
  afterAll(async () => {
    await app?.stop();
    await inbox?.stop();
  });

  it('refuses every admin route to guests (401) and to readers (403)', async () => {
    const guest = new Browser(app, '10.7.0.9');
    const adminRoutes = app.routes.filter((r) => r.url.startsWith('/api/admin/') && r.url !== '/api/admin/sign-in' && r.method !== 'HEAD');
    expect(adminRoutes.length).toBeGreaterThanOrEqual(15);
    for (const r of adminRoutes) {
      const url = r.url.replace(':id', 'x');
      const method = r.method as 'GET' | 'POST' | 'PUT' | 'DELETE';
      const image = /\/(hero|picture)$/.test(url);
      const body = method === 'GET' || method === 'DELETE' ? undefined : image ? Buffer.from([0x89, 0x50]) : lesson();
      const headers = image ? { 'content-type': 'image/png' } : undefined;
      expect((await guest.request(method, url, body, headers)).statusCode, `${method} ${url} as a guest`).toBe(401);
      expect((await reader.request(method, url, body, headers)).statusCode, `${method} ${url} as a reader`).toBe(403);
    }
  });

  // Authors write lessons; everything else in the panel is the admins'.
  const AUTHORS_MAY = new Set([
    'GET /api/admin/status',
    'GET /api/admin/lessons',
    'POST /api/admin/lessons',
    'GET /api/admin/lessons/:id',
    'PUT /api/admin/lessons/:id',
    'DELETE /api/admin/lessons/:id',
    'POST /api/admin/lessons/preview',
    'PUT /api/admin/lessons/:id/hero',
    'DELETE /api/admin/lessons/:id/hero',
    'GET /api/admin/authors',
  ]);

  it('refuses an author every admin-only route with the same 403 whatever the input, before reading it; a guest 401', async () => {
    const guest = new Browser(app, '10.7.0.9');
    const adminRoutes = app.routes.filter((r) => r.url.startsWith('/api/admin/') && r.url !== '/api/admin/sign-in' && r.method !== 'HEAD');
    const adminOnly = adminRoutes.filter((r) => !AUTHORS_MAY.has(`${r.method} ${r.url}`));
    expect(adminOnly.length).toBeGreaterThanOrEqual(20);
    const refused = { message: 'This page is for administrators only.' };
    for (const r of adminOnly) {
      const method = r.method as 'GET' | 'POST' | 'PUT' | 'DELETE';
      // Parameters and query that fit no schema, and bodies that are not JSON, of the wrong shape, or not a picture.
      const url = `${r.url.replace(/:\w+/g, 'not-an-id')}?limit=-7&page=zz&archived=maybe`;
      const bodies: [string | undefined, Record<string, string>][] =
        method === 'GET' || method === 'DELETE'
          ? [[undefined, {}]]
          : [
              ['{"title": ', { 'content-type': 'application/json' }],
              [JSON.stringify({ title: 7, role: ['x'], status: 'nonsense', archived: 'yes' }), { 'content-type': 'application/json' }],
              ['just words', { 'content-type': 'text/plain' }],
            ];
      for (const [body, headers] of bodies) {
        const asAuthor = await writer.request(method, url, body, headers);
        expect({ status: asAuthor.statusCode, body: asAuthor.json() }, `${method} ${r.url} as an author`).toEqual({ status: 403, body: refused });
        expect((await guest.request(method, url, body, headers)).statusCode, `${method} ${r.url} as a guest`).toBe(401);
      }
    }
    // The routes authors may use still read and check their input as before.
    expect((await writer.request('POST', '/api/admin/lessons', { title: 7 })).statusCode).toBe(400);
  });

  it('writes a lesson as its author, links and checks its references, and shows it to readers once published', async () => {
    const author = await admin.request('POST', '/api/admin/authors', {
      name: 'Luke the Physician',
      bio: 'Wrote an orderly account.',
      userEmail: 'luke@example.org',
    });
    expect(author.statusCode, author.body).toBe(200);
    authorId = (author.json() as AdminAuthor).id;
    expect(author.json()).toMatchObject({ slug: 'luke-the-physician', userEmail: 'luke@example.org', lessonCount: 0 });

    // A draft is the writer's, not the readers'.
    const draft = await writer.request('POST', '/api/admin/lessons', lesson({ authorId, status: 'draft' }));
    expect(draft.statusCode, draft.body).toBe(200);
    const saved = draft.json() as AdminLesson;
    expect(saved).toMatchObject({ slug: 'light-for-the-path', status: 'draft', readTimeMin: 1, publishedAt: null });
    expect((await reader.request('GET', '/api/bible-lessons/articles/light-for-the-path')).statusCode).toBe(404);
    expect((await reader.request('GET', '/api/bible-lessons/articles?limit=3')).json()).toEqual([]);

    // The preview flags what is not in Scripture.
    const preview = (await writer.request('POST', '/api/admin/lessons/preview', { body: lesson().body })).json() as LessonDetail;
    const byWritten = Object.fromEntries(preview.references.map((r) => [r.written, r]));
    expect(byWritten['Psalm 119:105']).toMatchObject({ status: 'verified', href: '/bible?book=Psalms&chapter=119&verse=105' });
    expect(byWritten['John 8:12']?.status).toBe('verified');
    expect(byWritten['Hezekiah 3:16']?.status).toBe('invalid');
    expect(byWritten['John 3:99']?.status).toBe('invalid');
    expect(byWritten['John 1:1']).toBeUndefined();

    const published = await writer.request('PUT', `/api/admin/lessons/${saved.id}`, lesson({ authorId }));
    expect(published.json()).toMatchObject({ status: 'published', slug: 'light-for-the-path' });
    const detail = (await reader.request('GET', '/api/bible-lessons/articles/light-for-the-path')).json() as LessonDetail;
    expect(detail).toMatchObject({
      title: 'Light for the Path',
      author: { name: 'Luke the Physician', slug: 'luke-the-physician', bio: 'Wrote an orderly account.' },
    });
    expect(detail.body.slice(detail.references[0]!.start, detail.references[0]!.end)).toBe('Psalm 119:105');
    const latest = (await reader.request('GET', '/api/bible-lessons/articles?limit=3')).json() as Article[];
    expect(latest.map((a) => a.slug)).toEqual(['light-for-the-path']);
    const profile = (await reader.request('GET', '/api/bible-lessons/authors/luke-the-physician')).json() as AuthorProfile;
    expect(profile.lessons.map((a) => a.slug)).toEqual(['light-for-the-path']);
    expect((await reader.request('GET', `/api/authors/${authorId}`)).json()).toMatchObject({ name: 'Luke the Physician' });

    // Its address stays once published; a second lesson of the same title gets its own.
    const moved = await writer.request('PUT', `/api/admin/lessons/${saved.id}`, lesson({ authorId, slug: 'elsewhere' }));
    expect(moved.statusCode).toBe(400);
    const twin = (await admin.request('POST', '/api/admin/lessons', lesson({ authorId, status: 'draft' }))).json() as AdminLesson;
    expect(twin.slug).toBe('light-for-the-path-2');
    expect((await admin.request('POST', '/api/admin/lessons', lesson({ authorId, slug: 'light-for-the-path' }))).statusCode).toBe(409);
  });

  it('schedules a lesson for later, and lets an author touch only their own', async () => {
    const later = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const scheduled = (await admin.request('POST', '/api/admin/lessons', lesson({ authorId, title: 'Coming Soon', publishAt: later }))).json() as AdminLesson;
    expect(scheduled.status).toBe('scheduled');
    expect((await reader.request('GET', '/api/bible-lessons/articles/coming-soon')).statusCode).toBe(404);

    const other = (await admin.request('POST', '/api/admin/authors', { name: 'Paul of Tarsus' })).json() as AdminAuthor;
    const notLuke = (await admin.request('POST', '/api/admin/lessons', lesson({ authorId: other.id, title: 'Letters' }))).json() as AdminLesson;
    expect((await writer.request('PUT', `/api/admin/lessons/${notLuke.id}`, lesson({ authorId: other.id }))).statusCode).toBe(403);
    expect((await writer.request('POST', '/api/admin/lessons', lesson({ authorId: other.id }))).statusCode).toBe(403);
    expect((await writer.request('POST', '/api/admin/authors', { name: 'Luke Again' })).statusCode).toBe(403);
    const mine = (await writer.request('GET', '/api/admin/lessons')).json() as AdminLesson[];
    expect(mine.every((l) => l.author.id === authorId)).toBe(true);
    expect((await writer.request('GET', '/api/admin/authors')).json()).toHaveLength(1);

    const page = (await reader.request('GET', '/api/bible-lessons?page=1')).json() as LessonsPage;
    expect(page).toMatchObject({ page: 1, pageCount: 1, total: 2 });
    expect(((await reader.request('GET', '/api/bible-lessons?page=9')).json() as LessonsPage).articles).toEqual([]);
  });

  it('re-encodes a hero picture, and refuses what is not one', async () => {
    const [first] = (await admin.request('GET', '/api/admin/lessons')).json() as AdminLesson[];
    // A JPEG with a camera position in its metadata.
    const photo = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#c2410c' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'Nazareth Optics' } })
      .toBuffer();
    const set = await admin.request('PUT', `/api/admin/lessons/${first!.id}/hero`, photo, { 'content-type': 'image/jpeg' });
    expect(set.statusCode, set.body).toBe(200);
    const url = (set.json() as AdminLesson).heroImageUrl!;
    expect(url).toMatch(/^\/media\/lesson\/[0-9a-f]{32}\.webp$/);
    const served = await app.server.inject({ method: 'GET', url, headers: { host: 'selah.test' } });
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 1600, height: 800 });
    expect(meta.exif).toBeUndefined();
    const bad = await admin.request('PUT', `/api/admin/lessons/${first!.id}/hero`, Buffer.from('<svg onload="alert(1)"/>'), { 'content-type': 'image/png' });
    expect(bad.statusCode).toBe(400);
  });

  it('gives an author a square picture, shown on their page, and refuses what is not one or who may not', async () => {
    const author = ((await admin.request('GET', '/api/admin/authors')).json() as AdminAuthor[]).find((a) => a.slug === 'luke-the-physician')!;
    const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#1d4ed8' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'Antioch Optics' } })
      .toBuffer();
    const path = `/api/admin/authors/${author.id}/picture`;
    // Readers and authors (even the one who writes as this profile) may not set it: only admins manage authors.
    expect((await reader.request('PUT', path, photo, { 'content-type': 'image/jpeg' })).statusCode).toBe(403);
    expect((await writer.request('PUT', path, photo, { 'content-type': 'image/jpeg' })).statusCode).toBe(403);
    expect((await new Browser(app, '10.7.0.8').request('PUT', path, photo, { 'content-type': 'image/jpeg' })).statusCode).toBe(401);
    const set = await admin.request('PUT', path, photo, { 'content-type': 'image/jpeg' });
    expect(set.statusCode, set.body).toBe(200);
    const url = (set.json() as AdminAuthor).profileImageUrl!;
    expect(url).toMatch(/^\/media\/author\/[0-9a-f]{32}\.webp$/);
    // The author's page data, by id and by slug, and the author card of their lessons.
    expect(((await reader.request('GET', `/api/authors/${author.id}`)).json() as AuthorProfile).profileImageUrl).toBe(url);
    const profile = (await reader.request('GET', '/api/bible-lessons/authors/luke-the-physician')).json() as AuthorProfile;
    expect(profile.profileImageUrl).toBe(url);
    expect(profile.lessons[0]?.author.profileImageUrl).toBe(url);
    const served = await app.server.inject({ method: 'GET', url, headers: { host: 'selah.test' } });
    expect(served.headers['content-type']).toBe('image/webp');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 400, height: 400 });
    expect(meta.exif).toBeUndefined();
    // Bytes that are not a picture: a clear 400, and the picture there stays.
    const bad = await admin.request('PUT', path, Buffer.from('<svg onload="alert(1)"/>'), { 'content-type': 'image/png' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Choose a PNG, JPEG or WebP image.');
    expect(((await reader.request('GET', `/api/authors/${author.id}`)).json() as AuthorProfile).profileImageUrl).toBe(url);
    expect((await admin.request('PUT', '/api/admin/authors/nobody/picture', photo, { 'content-type': 'image/jpeg' })).statusCode).toBe(404);
    // Removed: the initials again.
    expect((await reader.request('DELETE', path)).statusCode).toBe(403);
    const removed = await admin.request('DELETE', path);
    expect((removed.json() as AdminAuthor).profileImageUrl).toBeNull();
    expect(((await reader.request('GET', `/api/authors/${author.id}`)).json() as AuthorProfile).profileImageUrl).toBeNull();
    const log = (await admin.request('GET', '/api/admin/audit')).json() as { entries: { actorEmail: string; action: string; target: string }[] };
    const actions = log.entries.map((e) => `${e.actorEmail} ${e.action} ${e.target}`);
    expect(actions).toContain('miriam@example.org author.picture author luke-the-physician');
    expect(actions).toContain('miriam@example.org author.picture-remove author luke-the-physician');
  });

  it('publishes and unpublishes news, and keeps drafts from readers', async () => {
    const created = await admin.request('POST', '/api/admin/news', { title: 'New translations', body: 'The **WEB** is here.', status: 'draft' });
    expect(created.statusCode, created.body).toBe(200);
    const post = created.json() as NewsPost;
    expect((await reader.request('GET', `/api/news/${post.id}`)).statusCode).toBe(404);
    expect((await reader.request('GET', '/api/news')).json()).toMatchObject({ posts: [], total: 0 });
    await admin.request('PUT', `/api/admin/news/${post.id}`, { title: 'New translations', body: 'The **WEB** is here.', status: 'published' });
    expect(((await reader.request('GET', '/api/news')).json() as NewsPage).posts.map((p) => p.title)).toEqual(['New translations']);
    await admin.request('PUT', `/api/admin/news/${post.id}`, { title: 'New translations', body: 'Soon.', status: 'draft' });
    expect((await reader.request('GET', `/api/news/${post.id}`)).statusCode).toBe(404);
    expect((await reader.request('POST', '/api/admin/news', { title: 'x', body: 'y' })).statusCode).toBe(403);
  });

  it('keeps an audit log of every change, shown to admins, with the dashboard and the engines’ tests', async () => {
    const log = (await admin.request('GET', '/api/admin/audit')).json() as { entries: { actorEmail: string; action: string; target: string }[] };
    const actions = log.entries.map((e) => `${e.actorEmail} ${e.action} ${e.target}`);
    expect(actions).toContain('luke@example.org lesson.publish lesson light-for-the-path');
    expect(actions).toContain('miriam@example.org author.save author luke-the-physician');
    for (const action of ['news.publish', 'news.unpublish', 'lesson.hero']) {
      expect(log.entries.filter((e) => e.action === action).map((e) => e.actorEmail)).toEqual(['miriam@example.org']);
    }
    // Readers never see it.
    expect((await reader.request('GET', '/api/admin/audit')).statusCode).toBe(403);
    // /test-auth: the sign-in as the server sees it, with cookie names and never their values.
    const diagnostics = await admin.request('GET', '/api/admin/diagnostics');
    expect(diagnostics.json()).toMatchObject({
      you: { email: 'miriam@example.org', role: 'admin' },
      engines: { answers: 'Scripture engine (built in, offline)' },
    });
    const [session] = admin.cookieHeader;
    expect(diagnostics.json().cookies.names).toContain(session);
    expect(diagnostics.body).not.toMatch(/session_token=/);
    expect((await writer.request('GET', '/api/admin/diagnostics')).statusCode).toBe(403);
    // The dashboard counts what is there (a scheduled lesson counts as published, and a draft does not).
    const overview = (await admin.request('GET', '/api/admin/overview')).json();
    expect(overview).toMatchObject({ accounts: 3, lessons: { published: 3, drafts: 1 }, authors: 2, news: 1 });
    expect(overview.storage.database).toBeGreaterThan(0);
    // Each engine's Test button does one small real task.
    for (const engine of ['answers', 'speech', 'images']) {
      const tested = (await admin.request('POST', `/api/admin/engines/${engine}/test`)).json();
      expect(tested, engine).toMatchObject({ engine, ok: true });
    }
    expect((await writer.request('POST', '/api/admin/engines/answers/test')).statusCode).toBe(403);
  });

  it('loads a content folder (the samples) once, and again without doubling anything', async () => {
    const first = await app.importContent(SAMPLE);
    expect(first.authors.added).toBeGreaterThanOrEqual(2);
    expect(first.lessons.added).toBeGreaterThanOrEqual(4);
    expect(first.news.added).toBeGreaterThanOrEqual(2);
    const again = await app.importContent(SAMPLE);
    expect(again.lessons).toEqual({ added: 0, updated: first.lessons.added });
    const n = await app.database.db.execute(sql`SELECT count(*)::int AS n FROM lesson`);
    expect((n as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(first.lessons.added + 4);
    // Undated samples are dated by their order, newest first, a day apart.
    const latest = (await reader.request('GET', '/api/bible-lessons/articles?limit=12')).json() as Article[];
    const days = latest.filter((a) => !['light-for-the-path', 'letters'].includes(a.slug)).map((a) => a.publishedAt!.slice(0, 10));
    expect(new Set(days).size).toBe(days.length);
    const feed = await app.server.inject({ method: 'GET', url: '/bible-lessons/feed.xml', headers: { host: 'selah.test' } });
    expect(feed.headers['content-type']).toContain('application/atom+xml');
    expect(feed.body).toContain('<link rel="alternate" type="text/html" href="http://selah.test/bible-lessons/light-for-the-path"/>');
    expect(feed.body.match(/<entry>/g)?.length).toBe(latest.length);
  });

  it('imports an author’s picture named in their front matter, and stops at one that is not a picture', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'selah-content-'));
    const write = (picture: Buffer) => {
      mkdirSync(join(folder, 'authors'), { recursive: true });
      writeFileSync(
        join(folder, 'authors', 'ruth-of-moab.md'),
        '---\nname: Ruth of Moab\nslug: ruth-of-moab\npicture: ruth.png\n---\nShe gleaned in the fields.\n',
      );
      writeFileSync(join(folder, 'authors', 'ruth.png'), picture);
    };
    try {
      write(
        await sharp({ create: { width: 300, height: 500, channels: 3, background: '#a16207' } })
          .png()
          .toBuffer(),
      );
      expect((await app.importContent(folder)).authors).toEqual({ added: 1, updated: 0 });
      const ruth = (await reader.request('GET', '/api/bible-lessons/authors/ruth-of-moab')).json() as AuthorProfile;
      expect(ruth.profileImageUrl).toMatch(/^\/media\/author\/[0-9a-f]{32}\.webp$/);
      const served = await app.server.inject({ method: 'GET', url: ruth.profileImageUrl!, headers: { host: 'selah.test' } });
      expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 400, height: 400 });
      // A PNG signature over bytes that do not decode: the import stops, and the author is as before.
      write(Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('not really')]));
      await expect(app.importContent(folder)).rejects.toThrow(/ruth\.png: Choose a PNG, JPEG or WebP image/);
      writeFileSync(join(folder, 'authors', 'ruth.png'), 'plain text');
      await expect(app.importContent(folder)).rejects.toThrow(/ruth\.png: not a PNG, JPEG or WebP image/);
      expect(((await reader.request('GET', '/api/bible-lessons/authors/ruth-of-moab')).json() as AuthorProfile).profileImageUrl).toBe(ruth.profileImageUrl);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('shows a lesson imported as a draft once a later import publishes it, and keeps its date after', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'selah-content-'));
    const write = (draft: boolean) => {
      mkdirSync(join(folder, 'lessons'), { recursive: true });
      writeFileSync(
        join(folder, 'lessons', 'waiting-on-the-lord.md'),
        `---\ntitle: Waiting on the Lord\nslug: waiting-on-the-lord\nauthor: hannah-lindqvist\ndraft: ${draft}\n---\nIsaiah 40:31 is about waiting.\n`,
      );
    };
    const slugs = async () => ((await reader.request('GET', '/api/bible-lessons?page=1')).json() as LessonsPage).articles.map((a) => a.slug);
    try {
      write(true);
      expect((await app.importContent(folder)).lessons).toEqual({ added: 1, updated: 0 });
      expect(await slugs()).not.toContain('waiting-on-the-lord');
      expect((await reader.request('GET', '/api/bible-lessons/articles/waiting-on-the-lord')).statusCode).toBe(404);

      write(false);
      expect((await app.importContent(folder)).lessons).toEqual({ added: 0, updated: 1 });
      expect(await slugs()).toContain('waiting-on-the-lord');
      const shown = (await reader.request('GET', '/api/bible-lessons/articles/waiting-on-the-lord')).json() as LessonDetail;
      expect(Date.parse(shown.publishedAt!)).toBeLessThanOrEqual(Date.now());

      // Imported again, it keeps that date.
      expect((await app.importContent(folder)).lessons).toEqual({ added: 0, updated: 1 });
      const again = (await reader.request('GET', '/api/bible-lessons/articles/waiting-on-the-lord')).json() as LessonDetail;
      expect(again.publishedAt).toBe(shown.publishedAt);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
