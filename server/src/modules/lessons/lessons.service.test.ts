import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LESSONS_PAGE_SIZE, type LessonInput } from '#common/contracts/lessons.ts';
import type { Database } from '../../db/client.ts';
import { addPerson, serviceDatabase } from '../../../test/service-database.ts';
import { refusal } from '../../../test/refusal.ts';
import { fixtureBible } from '../../../test/fixture-bible.ts';
import { AccessRepository } from '../../access/access.repository.ts';
import { AuditLog } from '../../access/audit-log.ts';
import { CONTENT_IMPORT, type Staff } from '../../access/staff.ts';
import { LocalMediaStore } from '../../providers/storage/local-media-store.ts';
import { LessonsRepository } from './lessons.repository.ts';
import { HERO_UNREADABLE, LessonsService, NO_AUTHOR, NO_LESSON } from './lessons.service.ts';

// Lessons and their authors with the real repository and audit log on PGlite, a small Bible for the
// references they cite, a media folder, and the clock in the test's hands.
const { bible } = fixtureBible({ KJV: [['John', 3, 16, 'For God so loved the world, that he gave his only begotten Son.']] });
let database: Database;
let folder: string;
let lessons: LessonsService;
let audit: AuditLog;
let admin: Staff;
let writer: Staff;
let other: Staff;
let now: Date;
let changes = 0;
let ruth: string;
let boaz: string;
const setClock = (iso: string) => (now = new Date(iso));

beforeAll(async () => {
  database = await serviceDatabase();
  folder = mkdtempSync(join(tmpdir(), 'selah-lessons-'));
  audit = new AuditLog(new AccessRepository(database.db));
  lessons = new LessonsService(
    new LessonsRepository(database.db),
    bible,
    new LocalMediaStore(folder),
    audit,
    () => void changes++,
    () => now,
  );
  admin = { userId: await addPerson(database, 'Admin'), email: 'admin@example.org', role: 'admin' };
  const person = async (name: string): Promise<Staff> => {
    const userId = await addPerson(database, name);
    const email = (await database.db.execute<{ email: string }>(sql`SELECT email FROM "user" WHERE id = ${userId}`)).rows[0]!.email;
    return { userId, email, role: 'author' };
  };
  writer = await person('Writer');
  other = await person('Other');
  const writerEmail = writer.email;
  setClock('2027-01-10T12:00:00Z');
  ruth = (await lessons.saveAuthor(admin, { name: 'Ruth Moabite', bio: 'Gleaner.', userEmail: writerEmail })).id;
  boaz = (await lessons.saveAuthor(admin, { name: 'Boaz', bio: '' })).id;
}, 60_000);
afterAll(async () => {
  await database?.close();
  rmSync(folder, { recursive: true, force: true });
});
beforeEach(async () => {
  await database.db.execute(sql`TRUNCATE lesson CASCADE`);
  setClock('2027-01-10T12:00:00Z');
});

const lesson = (title: string, more: Partial<LessonInput> = {}): LessonInput => ({
  title,
  body: 'Read John 3:16 today.',
  authorId: ruth,
  status: 'published',
  ...more,
});
const lastActions = async (n: number) => (await audit.list()).slice(0, n).map((e) => `${e.action} ${e.target}`);

describe('writing lessons', () => {
  it('lets an author write only as their own profile and change only their own lessons; an admin as anyone', async () => {
    const own = await lessons.create(writer, lesson('Gleaning'));
    expect(own.author.id).toBe(ruth);
    expect(await refusal(lessons.create(writer, lesson('As Boaz', { authorId: boaz })))).toEqual({ status: 403, message: 'You can write only as yourself.' });
    expect(await refusal(lessons.create(writer, lesson('Nobody', { authorId: 'no-such-author' })))).toEqual({ status: 400, message: 'Choose an author.' });
    const boazs = await lessons.create(admin, lesson('Redeeming', { authorId: boaz }));
    expect(await refusal(lessons.update(writer, boazs.id, lesson('Taken over', { authorId: boaz })))).toEqual({
      status: 403,
      message: 'You can change only your own lessons.',
    });
    expect(await refusal(lessons.remove(other, own.id))).toEqual({ status: 403, message: 'You can change only your own lessons.' });
    expect(await refusal(lessons.update(writer, own.id, lesson('Moved', { authorId: boaz })))).toEqual({
      status: 403,
      message: 'You can write only as yourself.',
    });
    // The admin list: an author sees their own, an admin every lesson.
    expect((await lessons.adminList(writer)).map((l) => l.title)).toEqual(['Gleaning']);
    expect((await lessons.adminList(other)).map((l) => l.title)).toEqual([]);
    expect((await lessons.adminList(admin)).map((l) => l.title).sort()).toEqual(['Gleaning', 'Redeeming']);
    expect((await lessons.adminAuthors(writer)).map((a) => a.name)).toEqual(['Ruth Moabite']);
    expect((await lessons.adminAuthors(admin)).map((a) => a.name).sort()).toEqual(['Boaz', 'Ruth Moabite']);
    await lessons.remove(writer, own.id);
    expect(await refusal(lessons.adminLesson(admin, own.id))).toEqual({ status: 404, message: NO_LESSON });
  });

  it('makes an address from the title, numbered when taken, and refuses an address asked for that is taken', async () => {
    expect((await lessons.create(admin, lesson('Ruth’s Choice: Where You Go'))).slug).toBe('ruths-choice-where-you-go');
    expect((await lessons.create(admin, lesson('Ruth’s choice — where you go!'))).slug).toBe('ruths-choice-where-you-go-2');
    expect((await lessons.create(admin, lesson('Ruths Choice Where You Go'))).slug).toBe('ruths-choice-where-you-go-3');
    expect(await refusal(lessons.create(admin, lesson('Another', { slug: 'ruths-choice-where-you-go' })))).toEqual({
      status: 409,
      message: 'Another lesson already uses this slug.',
    });
    expect((await lessons.create(admin, lesson('Another', { slug: 'my-own-address' }))).slug).toBe('my-own-address');
  });

  it('keeps a published lesson’s address, and lets a draft’s change unless another lesson has it', async () => {
    const published = await lessons.create(admin, lesson('Kept address'));
    expect(await refusal(lessons.update(admin, published.id, lesson('Kept address', { slug: 'new-address' })))).toEqual({
      status: 400,
      message: 'A published lesson keeps its address. Unpublish it first to change the slug.',
    });
    // The same slug again is no change.
    expect((await lessons.update(admin, published.id, lesson('Kept address', { slug: 'kept-address' }))).slug).toBe('kept-address');
    const draft = await lessons.create(admin, lesson('A draft', { status: 'draft' }));
    expect(await refusal(lessons.update(admin, draft.id, lesson('A draft', { status: 'draft', slug: 'kept-address' })))).toEqual({
      status: 409,
      message: 'Another lesson already uses this slug.',
    });
    expect((await lessons.update(admin, draft.id, lesson('A draft', { status: 'draft', slug: 'better-address' }))).slug).toBe('better-address');
  });

  it('dates a lesson when first published and keeps the date, schedules one for later, and audits each change', async () => {
    const before = changes;
    const draft = await lessons.create(admin, lesson('Dated', { status: 'draft' }));
    expect(draft).toMatchObject({ status: 'draft', publishedAt: null });
    expect(changes).toBe(before);
    setClock('2027-01-11T08:00:00Z');
    const published = await lessons.update(admin, draft.id, lesson('Dated'));
    expect(published).toMatchObject({ status: 'published', publishedAt: '2027-01-11T08:00:00.000Z' });
    expect(changes).toBe(before + 1);
    setClock('2027-01-12T08:00:00Z');
    expect((await lessons.update(admin, draft.id, lesson('Dated, edited'))).publishedAt).toBe('2027-01-11T08:00:00.000Z');
    expect((await lessons.update(admin, draft.id, lesson('Dated, edited', { status: 'draft' }))).status).toBe('draft');
    expect(await lastActions(4)).toEqual([
      'lesson.unpublish lesson dated',
      'lesson.edit lesson dated',
      'lesson.publish lesson dated',
      'lesson.create lesson dated',
    ]);

    const later = await lessons.create(admin, lesson('Later', { publishAt: '2027-02-01T06:00:00Z' }));
    expect(later).toMatchObject({ status: 'scheduled', publishedAt: '2027-02-01T06:00:00.000Z' });
    expect(await refusal(lessons.detail('later'))).toEqual({ status: 404, message: NO_LESSON });
    setClock('2027-02-01T06:00:00Z');
    expect((await lessons.detail('LATER')).title).toBe('Later');
    expect((await lessons.adminLesson(admin, later.id)).status).toBe('published');
    expect(await lastActions(1)).toEqual(['lesson.publish lesson later']);
  });

  it('refuses what the form would refuse, in its words', async () => {
    expect(await refusal(lessons.create(admin, lesson('', {})))).toEqual({ status: 400, message: 'Give the lesson a title.' });
    expect(await refusal(lessons.create(admin, lesson('x', { body: ' ' })))).toEqual({ status: 400, message: 'Write the lesson.' });
    expect(await refusal(lessons.create(admin, lesson('x', { slug: 'Not A Slug!' })))).toEqual({
      status: 400,
      message: 'A slug uses lowercase letters, digits and single hyphens.',
    });
  });
});

describe('what readers see', () => {
  it('lists live lessons newest first, 12 a page, and counts pages', async () => {
    for (let i = 0; i < LESSONS_PAGE_SIZE + 1; i++) {
      setClock(`2027-01-${String(i + 1).padStart(2, '0')}T12:00:00Z`);
      await lessons.create(admin, lesson(`Lesson ${i + 1}`));
    }
    await lessons.create(admin, lesson('Draft', { status: 'draft' }));
    await lessons.create(admin, lesson('Scheduled', { publishAt: '2027-06-01T00:00:00Z' }));
    const first = await lessons.page(1);
    expect(first).toMatchObject({ page: 1, pageCount: 2, total: LESSONS_PAGE_SIZE + 1 });
    expect(first.articles.map((a) => a.title)).toEqual(Array.from({ length: LESSONS_PAGE_SIZE }, (_, i) => `Lesson ${LESSONS_PAGE_SIZE + 1 - i}`));
    expect((await lessons.page(2)).articles.map((a) => a.title)).toEqual(['Lesson 1']);
    expect((await lessons.page(3)).articles).toEqual([]);
    expect((await lessons.latest(2)).map((a) => a.title)).toEqual(['Lesson 13', 'Lesson 12']);
    expect((await lessons.forFeed(1)).map((r) => r.lesson.title)).toEqual(['Lesson 13']);
    await database.db.execute(sql`TRUNCATE lesson CASCADE`);
    expect(await lessons.page(1)).toMatchObject({ pageCount: 1, total: 0, articles: [] });
  });

  it('shows a lesson with its checked references, its author and three related lessons, the same author’s first', async () => {
    setClock('2027-01-01T00:00:00Z');
    const main = await lessons.create(admin, lesson('Main', { body: 'Read John 3:16 and Hezekiah 4:1 today.', excerpt: 'The main one.' }));
    for (const [title, author, day] of [
      ['Boaz old', boaz, '02'],
      ['Ruth old', ruth, '03'],
      ['Boaz new', boaz, '04'],
      ['Ruth new', ruth, '05'],
    ] as const) {
      setClock(`2027-01-${day}T00:00:00Z`);
      await lessons.create(admin, lesson(title, { authorId: author }));
    }
    const detail = await lessons.detail(main.slug);
    expect(detail).toMatchObject({ title: 'Main', excerpt: 'The main one.', metaDescription: 'The main one.', author: { id: ruth, bio: 'Gleaner.' } });
    expect(detail.related.map((r) => r.title)).toEqual(['Ruth new', 'Ruth old', 'Boaz new']);
    expect(detail.references.map((r) => [r.written, r.status])).toEqual([
      ['John 3:16', 'verified'],
      ['Hezekiah 4:1', expect.not.stringMatching(/^verified$/)],
    ]);
    expect(detail.references[0]!.href).not.toContain('translation=');
    const profile = await lessons.author({ slug: 'ruth-moabite' });
    expect(profile).toMatchObject({ name: 'Ruth Moabite', bio: 'Gleaner.' });
    expect(profile.lessons.map((l) => l.title)).toEqual(['Ruth new', 'Ruth old', 'Main']);
    expect((await lessons.author({ id: boaz })).lessons.map((l) => l.title)).toEqual(['Boaz new', 'Boaz old']);
    expect(await refusal(lessons.author({ slug: 'nobody' }))).toEqual({ status: 404, message: NO_AUTHOR });
  });

  it('reckons a reading time from the words, a minute at least', async () => {
    const short = await lessons.create(admin, lesson('Short', { body: 'Only a few words.' }));
    const long = await lessons.create(admin, lesson('Long', { body: 'word '.repeat(2_000) }));
    expect(short.readTimeMin).toBe(1);
    expect(long.readTimeMin).toBeGreaterThan(5);
    expect(lessons.preview('word '.repeat(2_000))).toMatchObject({ readTimeMin: long.readTimeMin, references: [] });
  });
});

describe('authors', () => {
  it('links an author to an account by its email, refuses an unknown one, and keeps author addresses apart', async () => {
    expect(await refusal(lessons.saveAuthor(admin, { name: 'Naomi', userEmail: 'nobody@example.org' }))).toEqual({
      status: 400,
      message: 'No account has the email nobody@example.org.',
    });
    expect(await refusal(lessons.saveAuthor(admin, { name: 'Boaz' }))).toEqual({ status: 409, message: 'Another author already uses this slug.' });
    const naomi = await lessons.saveAuthor(admin, { name: 'Naomi of Bethlehem', userEmail: other.email });
    expect(naomi).toMatchObject({ slug: 'naomi-of-bethlehem', userEmail: other.email, lessonCount: 0 });
    // The account linked may now see and write as that author.
    expect((await lessons.adminAuthors(other)).map((a) => a.name)).toEqual(['Naomi of Bethlehem']);
    expect(await refusal(lessons.saveAuthor(admin, { name: 'Naomi', slug: 'boaz' }, naomi.id))).toEqual({
      status: 409,
      message: 'Another author already uses this slug.',
    });
    expect(await lessons.saveAuthor(admin, { name: 'Naomi' }, naomi.id)).toMatchObject({ slug: 'naomi-of-bethlehem', userEmail: null });
    expect(await refusal(lessons.saveAuthor(admin, { name: 'X' }, 'no-such-author'))).toEqual({ status: 404, message: NO_AUTHOR });
    expect(await lastActions(1)).toEqual(['author.save author naomi-of-bethlehem']);
    await database.db.execute(sql`DELETE FROM author WHERE id = ${naomi.id}`);
  });
});

describe('importing a content folder', () => {
  const imported = (more: Partial<Parameters<LessonsService['importLesson']>[1]> = {}) => ({
    slug: 'imported',
    title: 'Imported',
    author: 'ruth-moabite',
    excerpt: '',
    metaDescription: '',
    body: 'From a file.',
    draft: false,
    publishedAt: new Date('2026-12-01T00:00:00Z'),
    ...more,
  });

  it('adds a lesson with its date, updates its text later keeping the date, and dates a draft when an import publishes it', async () => {
    expect(await lessons.importLesson(CONTENT_IMPORT, imported())).toBe('added');
    expect((await lessons.detail('imported')).publishedAt).toBe('2026-12-01T00:00:00.000Z');
    expect(await lessons.importLesson(CONTENT_IMPORT, imported({ title: 'Imported again', publishedAt: new Date('2026-12-20T00:00:00Z') }))).toBe('updated');
    expect(await lessons.detail('imported')).toMatchObject({ title: 'Imported again', publishedAt: '2026-12-01T00:00:00.000Z' });

    await lessons.importLesson(CONTENT_IMPORT, imported({ slug: 'later', draft: true }));
    expect(await refusal(lessons.detail('later'))).toMatchObject({ status: 404 });
    await lessons.importLesson(CONTENT_IMPORT, imported({ slug: 'later', publishedAt: new Date('2026-12-24T00:00:00Z') }));
    expect((await lessons.detail('later')).publishedAt).toBe('2026-12-24T00:00:00.000Z');
    expect(await refusal(lessons.importLesson(CONTENT_IMPORT, imported({ author: 'nobody' })))).toEqual({
      status: 400,
      message: 'Lesson imported: there is no author nobody.',
    });
    expect(await lastActions(1)).toEqual(['lesson.import lesson later']);
  });

  it('adds an author, and updates one by its address without dropping a picture set in the panel', async () => {
    expect(await lessons.importAuthor(CONTENT_IMPORT, { slug: 'orpah', name: 'Orpah', bio: 'Went home.' })).toBe('added');
    await database.db.execute(sql`UPDATE author SET profile_image_url = '/media/author/kept.webp' WHERE slug = 'orpah'`);
    expect(await lessons.importAuthor(CONTENT_IMPORT, { slug: 'orpah', name: 'Orpah of Moab', bio: 'Went home.' })).toBe('updated');
    expect(await lessons.author({ slug: 'orpah' })).toMatchObject({ name: 'Orpah of Moab', profileImageUrl: '/media/author/kept.webp' });
    await lessons.importAuthor(CONTENT_IMPORT, { slug: 'orpah', name: 'Orpah', bio: '', profileImageUrl: '/media/author/new.webp' });
    expect((await lessons.author({ slug: 'orpah' })).profileImageUrl).toBe('/media/author/new.webp');
    await database.db.execute(sql`DELETE FROM author WHERE slug = 'orpah'`);
  });
});

describe('pictures', () => {
  const png = (side: number) =>
    sharp({ create: { width: side, height: side, channels: 3, background: '#7c2d12' } })
      .png()
      .toBuffer();
  const stored = (url: string | null) => existsSync(join(folder, url!.replace(/^\/media\//, '')));

  it('keeps a hero picture re-encoded under its hash, takes it down again, and refuses what is not a picture', async () => {
    const own = await lessons.create(writer, lesson('Pictured', { excerpt: 'With a picture.' }));
    const before = changes;
    const withHero = await lessons.setHero(writer, own.id, await png(2400));
    expect(withHero.heroImageUrl).toMatch(/^\/media\/lesson\/[0-9a-f]{32}\.webp$/);
    expect(stored(withHero.heroImageUrl)).toBe(true);
    expect(await sharp(join(folder, withHero.heroImageUrl!.replace(/^\/media\//, ''))).metadata()).toMatchObject({ format: 'webp', width: 1600 });
    expect((await lessons.detail('pictured')).heroImageUrl).toBe(withHero.heroImageUrl);
    expect(await refusal(lessons.setHero(other, own.id, await png(10)))).toEqual({ status: 403, message: 'You can change only your own lessons.' });
    expect(await refusal(lessons.setHero(writer, own.id, Buffer.from('not a picture')))).toEqual({ status: 400, message: HERO_UNREADABLE });
    expect((await lessons.removeHero(writer, own.id)).heroImageUrl).toBeNull();
    expect(changes).toBe(before + 2);
    expect(await lastActions(2)).toEqual(['lesson.hero-remove lesson pictured', 'lesson.hero lesson pictured']);
  });

  it('offers the published lessons without a picture to be painted, and never paints over one set meanwhile', async () => {
    await lessons.create(admin, lesson('Draft', { status: 'draft', excerpt: 'Not yet.' }));
    const bare = await lessons.create(admin, lesson('Bare', { excerpt: 'Paint me.' }));
    const pictured = await lessons.create(admin, lesson('Has one'));
    await lessons.setHero(admin, pictured.id, await png(20));
    expect(await lessons.withoutPicture(10)).toEqual([{ id: bare.id, title: 'Bare', text: 'Paint me.' }]);
    expect(await lessons.setPictureIfNone(bare.id, '/media/lesson/painted.webp')).toBe(true);
    expect(await lessons.setPictureIfNone(bare.id, '/media/lesson/again.webp')).toBe(false);
    expect((await lessons.detail('bare')).heroImageUrl).toBe('/media/lesson/painted.webp');
    expect(await lessons.withoutPicture(10)).toEqual([]);
  });

  it('keeps an author’s picture as a 400 px square, and takes it down again', async () => {
    const set = await lessons.setAuthorPicture(admin, boaz, await png(900));
    expect(set.profileImageUrl).toMatch(/^\/media\/author\/[0-9a-f]{32}\.webp$/);
    expect(await sharp(join(folder, set.profileImageUrl!.replace(/^\/media\//, ''))).metadata()).toMatchObject({ width: 400, height: 400 });
    expect((await lessons.author({ id: boaz })).profileImageUrl).toBe(set.profileImageUrl);
    expect((await lessons.removeAuthorPicture(admin, boaz)).profileImageUrl).toBeNull();
    expect(await lastActions(2)).toEqual(['author.picture-remove author boaz', 'author.picture author boaz']);
    expect(await refusal(lessons.setAuthorPicture(admin, 'no-such-author', await png(10)))).toEqual({ status: 404, message: NO_AUTHOR });
    expect(await refusal(lessons.removeAuthorPicture(admin, 'no-such-author'))).toEqual({ status: 404, message: NO_AUTHOR });
  });

  it('describes a lesson by its excerpt unless it was given a description of its own', async () => {
    await lessons.create(admin, lesson('Described', { excerpt: 'The excerpt.', metaDescription: 'Its own description.' }));
    await lessons.create(admin, lesson('Undescribed', { excerpt: 'The excerpt.' }));
    expect((await lessons.detail('described')).metaDescription).toBe('Its own description.');
    expect((await lessons.detail('undescribed')).metaDescription).toBe('The excerpt.');
  });
});
