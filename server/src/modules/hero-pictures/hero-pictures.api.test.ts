import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminAuthor, AdminLesson, LessonDetail } from '#common/contracts/lessons.ts';
import type { NewsPost } from '#common/contracts/news.ts';
import { databaseKind, startTestApp } from '../../../test/test-app.ts';
import { startInbox } from '../../../test/smtp-inbox.ts';
import { Browser, signUpVerified } from '../../../test/accounts.ts';
import { users } from '../../db/schema.ts';
import { JobClaims } from '../daily/job-claims.ts';
import { JobClaimsRepository } from '../daily/job-claims.repository.ts';
import { HeroPainter } from './hero-painter.ts';

type TestApp = Awaited<ReturnType<typeof startTestApp>>;
const PAINTED = /^\/media\/pictures\/hero-[a-z0-9]+\.webp$/;

describe(`pictures painted for lessons and news without one, on ${databaseKind()}`, () => {
  let inbox: Awaited<ReturnType<typeof startInbox>>;
  let app: TestApp;
  let second: TestApp | undefined;
  let admin: Browser;
  let reader: Browser;
  const dataDir = mkdtempSync(join(tmpdir(), 'selah-heroes-'));
  const heroFiles = () => readdirSync(join(dataDir, 'media', 'pictures')).filter((f) => f.startsWith('hero-'));

  beforeAll(async () => {
    inbox = await startInbox();
    app = await startTestApp({ env: { SMTP_URL: inbox.url, DATA_DIR: dataDir } });
    admin = await signUpVerified(app, inbox, 'phoebe@example.org', undefined, '10.8.0.1');
    reader = new Browser(app, '10.8.0.2');
    await app.database.db.update(users).set({ role: 'admin' }).where(eq(users.email, 'phoebe@example.org'));
  }, 60_000);
  afterAll(async () => {
    await second?.stop();
    await app?.stop();
    await inbox?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('paints one for a published lesson and news post, once however many processes paint at once, and serves a real WebP', async () => {
    const author = (await admin.request('POST', '/api/admin/authors', { name: 'Priscilla', bio: 'Taught Apollos.' })).json() as AdminAuthor;
    const draft = await admin.request('POST', '/api/admin/lessons', {
      title: 'Still Waters',
      excerpt: 'Rest beside quiet water under a wide evening sky.',
      body: 'Psalm 23:2 leads beside still waters.',
      status: 'draft',
      authorId: author.id,
    });
    const lesson = draft.json() as AdminLesson;
    // A draft gets no picture: only what readers can see is painted.
    await app.heroes.idle();
    expect((await admin.request('GET', `/api/admin/lessons/${lesson.id}`)).json()).toMatchObject({ heroImageUrl: null });

    await admin.request('PUT', `/api/admin/lessons/${lesson.id}`, {
      title: 'Still Waters',
      excerpt: 'Rest beside quiet water under a wide evening sky.',
      body: 'Psalm 23:2 leads beside still waters.',
      status: 'published',
      authorId: author.id,
    });
    const post = (
      await admin.request('POST', '/api/admin/news', { title: 'Morning light', body: 'Sunrise over the hills.', status: 'published' })
    ).json() as NewsPost;

    // The publishing process paints in the background; another process (on PostgreSQL a second app, on
    // PGlite a second painter on the same database) finds the same articles at the same moment.
    let other: { paintMissing(): Promise<number> };
    if (process.env.TEST_DATABASE_URL) {
      second = await startTestApp({ keepTables: true, env: { DATA_DIR: dataDir } });
      other = second.heroes;
    } else {
      const pictures = (app.daily as unknown as { pictures: ConstructorParameters<typeof HeroPainter>[1] }).pictures;
      other = new HeroPainter([app.lessons, app.news], pictures, new JobClaims(new JobClaimsRepository(app.database.db)), () => {});
    }
    await Promise.all([other.paintMissing(), app.heroes.paintMissing(), other.paintMissing(), app.heroes.idle()]);
    await app.heroes.idle();

    const detail = (await reader.request('GET', '/api/bible-lessons/articles/still-waters')).json() as LessonDetail;
    expect(detail.heroImageUrl).toMatch(PAINTED);
    const news = (await reader.request('GET', `/api/news/${post.id}`)).json() as NewsPost;
    expect(news.heroImageUrl).toMatch(PAINTED);
    expect(news.heroImageUrl).not.toBe(detail.heroImageUrl);
    for (const url of [detail.heroImageUrl!, news.heroImageUrl!]) {
      const file = await app.server.inject({ method: 'GET', url, headers: { host: 'selah.test' } });
      expect([file.statusCode, file.headers['content-type']]).toEqual([200, 'image/webp']);
      expect(await sharp(file.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 1080, height: 1080 });
    }
    // Made once: one file each, one finished claim each, and another pass paints nothing.
    expect(heroFiles()).toHaveLength(2);
    const claims = (await app.database.db.execute(
      sql`SELECT count(*)::int AS n FROM job_run WHERE job = 'hero-picture' AND finished_at IS NOT NULL`,
    )) as unknown as {
      rows: { n: number }[];
    };
    expect(claims.rows[0]!.n).toBe(2);
    expect(await app.heroes.paintMissing()).toBe(0);
    expect(heroFiles()).toHaveLength(2);
  }, 120_000);

  it('lets the author’s own picture replace the painted one, and never paints over it', async () => {
    const [lesson] = (await admin.request('GET', '/api/admin/lessons')).json() as AdminLesson[];
    const photo = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#0f766e' } })
      .jpeg()
      .toBuffer();
    const set = await admin.request('PUT', `/api/admin/lessons/${lesson!.id}/hero`, photo, { 'content-type': 'image/jpeg' });
    const own = (set.json() as AdminLesson).heroImageUrl!;
    expect(own).toMatch(/^\/media\/lesson\/[0-9a-f]{32}\.webp$/);
    await app.heroes.paintMissing();
    await app.heroes.idle();
    expect(((await reader.request('GET', '/api/bible-lessons/articles/still-waters')).json() as LessonDetail).heroImageUrl).toBe(own);
    expect(heroFiles()).toHaveLength(2);
  });
});
