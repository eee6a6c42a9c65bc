import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEWS_PAGE_SIZE } from '#common/contracts/news.ts';
import type { Database } from '../../db/client.ts';
import { addPerson, serviceDatabase } from '../../../test/service-database.ts';
import { AccessRepository } from '../../access/access.repository.ts';
import { AuditLog } from '../../access/audit-log.ts';
import type { Staff } from '../../access/staff.ts';
import { NewsRepository } from './news.repository.ts';
import { NewsService } from './news.service.ts';

/** What a reader is told of a post that is not there (or not published), in the spec's words for a missing page. */
const NO_POST = 'There is no news post at this address.';

// The news rules with their real repository and audit log on PGlite, the clock in the test's hands.
let database: Database;
let now: Date;
let changes = 0;
let news: NewsService;
let audit: AuditLog;
let admin: Staff;
let author: Staff;
const setClock = (iso: string) => (now = new Date(iso));

beforeAll(async () => {
  database = await serviceDatabase();
  audit = new AuditLog(new AccessRepository(database.db));
  news = new NewsService(
    new NewsRepository(database.db),
    audit,
    () => void changes++,
    () => now,
  );
  admin = { userId: await addPerson(database, 'Admin'), email: 'admin@example.org', role: 'admin' };
  author = { userId: await addPerson(database, 'Author'), email: 'author@example.org', role: 'author' };
}, 60_000);
afterAll(() => database?.close());

/** The newest audit entries' actions, newest first. */
const lastActions = async (n: number) =>
  (await audit.list()).slice(0, n).map((e) => `${e.action} ${e.actorEmail} ${e.target.startsWith('news ') ? 'news' : e.target}`);

describe('news posts', () => {
  it('keeps a draft from readers and authors, shows it to an admin, and dates it only when first published', async () => {
    setClock('2027-03-01T10:00:00Z');
    const before = changes;
    const draft = await news.create(admin, { title: '  A draft  ', body: 'Not yet.', status: 'draft' });
    expect(draft).toMatchObject({ title: 'A draft', body: 'Not yet.', status: 'draft', publishedAt: null });
    expect(changes).toBe(before); // nothing readers see has changed
    await expect(news.post(draft.id)).rejects.toMatchObject({ statusCode: 404, message: NO_POST });
    await expect(news.post(draft.id, author)).rejects.toMatchObject({ statusCode: 404, message: NO_POST });
    expect((await news.post(draft.id, admin)).id).toBe(draft.id);
    expect((await news.page(1)).posts.map((p) => p.id)).not.toContain(draft.id);

    // Edited while still a draft: an edit, not an unpublication.
    await news.update(admin, draft.id, { title: 'A draft', body: 'Still not yet.', status: 'draft' });
    expect(await lastActions(1)).toEqual(['news.edit admin@example.org news']);
    const afterEdit = changes;
    setClock('2027-03-02T08:30:00Z');
    const published = await news.update(admin, draft.id, { title: 'Published', body: 'Now.', status: 'published' });
    expect(published).toMatchObject({ status: 'published', publishedAt: '2027-03-02T08:30:00.000Z', title: 'Published' });
    expect(changes).toBe(afterEdit + 1);
    expect((await news.post(draft.id)).title).toBe('Published');

    // Edited, unpublished and published again later: the first publication's date stays.
    setClock('2027-03-05T12:00:00Z');
    expect((await news.update(admin, draft.id, { title: 'Edited', body: 'Now, edited.', status: 'published' })).publishedAt).toBe('2027-03-02T08:30:00.000Z');
    const hidden = await news.update(admin, draft.id, { title: 'Edited', body: 'Now, edited.', status: 'draft' });
    expect(hidden).toMatchObject({ status: 'draft', publishedAt: '2027-03-02T08:30:00.000Z' });
    await expect(news.post(draft.id)).rejects.toMatchObject({ statusCode: 404 });
    setClock('2027-03-09T12:00:00Z');
    expect((await news.update(admin, draft.id, { title: 'Again', body: 'Back.', status: 'published' })).publishedAt).toBe('2027-03-02T08:30:00.000Z');
    expect(changes).toBe(afterEdit + 4);
    expect(await lastActions(6)).toEqual([
      'news.publish admin@example.org news',
      'news.unpublish admin@example.org news',
      'news.edit admin@example.org news',
      'news.publish admin@example.org news',
      'news.edit admin@example.org news',
      'news.create admin@example.org news',
    ]);
    await news.remove(admin, draft.id);
  });

  it('publishes at once when created published, and records it as published', async () => {
    setClock('2027-04-01T00:00:00Z');
    const before = changes;
    const post = await news.create(admin, { title: 'Straight out', body: 'Hello.', status: 'published' });
    expect(post.publishedAt).toBe('2027-04-01T00:00:00.000Z');
    expect(changes).toBe(before + 1);
    expect(await lastActions(1)).toEqual(['news.publish admin@example.org news']);
    expect((await audit.list())[0]!.detail).toBe('Straight out');
    await news.remove(admin, post.id);
    expect(await lastActions(1)).toEqual(['news.delete admin@example.org news']);
    expect(changes).toBe(before + 2);
    await expect(news.post(post.id, admin)).rejects.toMatchObject({ statusCode: 404 });
  });

  it('refuses to change or remove a post that is not there, and records nothing', async () => {
    const entries = (await audit.list()).length;
    const before = changes;
    await expect(news.update(admin, 'no-such-post', { title: 'x', body: 'y' })).rejects.toMatchObject({ statusCode: 404, message: NO_POST });
    await expect(news.remove(admin, 'no-such-post')).rejects.toMatchObject({ statusCode: 404, message: NO_POST });
    expect((await audit.list()).length).toBe(entries);
    expect(changes).toBe(before);
  });

  it('refuses an empty title or body with the form’s words, and keeps nothing', async () => {
    const listed = (await news.adminList()).length;
    await expect(news.create(admin, { title: '   ', body: 'Body' })).rejects.toThrow('Give the post a title.');
    await expect(news.create(admin, { title: 'Title', body: '' })).rejects.toThrow('Write the post.');
    expect((await news.adminList()).length).toBe(listed);
  });

  it('lists the live posts newest first, a page at a time, and counts the pages', async () => {
    const ids: string[] = [];
    for (let i = 0; i < NEWS_PAGE_SIZE + 2; i++) {
      setClock(`2028-01-${String(i + 1).padStart(2, '0')}T09:00:00Z`);
      ids.push((await news.create(admin, { title: `Post ${i}`, body: 'Words.', status: 'published' })).id);
    }
    setClock('2028-02-01T00:00:00Z');
    const first = await news.page(1);
    expect(first.total).toBe(NEWS_PAGE_SIZE + 2);
    expect(first.pageCount).toBe(2);
    expect(first.page).toBe(1);
    expect(first.posts.map((p) => p.id)).toEqual(ids.slice().reverse().slice(0, NEWS_PAGE_SIZE));
    const second = await news.page(2);
    expect(second.posts.map((p) => p.id)).toEqual(ids.slice(0, 2).reverse());
    expect(second.pageCount).toBe(2);
    // Past the last page: nothing, and the count still says how many pages there are.
    expect(await news.page(3)).toMatchObject({ posts: [], page: 3, pageCount: 2 });
    // A post dated after now is not live yet.
    setClock('2028-01-05T00:00:00Z');
    expect((await news.page(1)).total).toBe(4);
    for (const id of ids) await news.remove(admin, id);
    expect(await news.page(1)).toMatchObject({ posts: [], total: 0, pageCount: 1 });
  });

  it('imports a post by its file name: added, then its words updated while its first date stays', async () => {
    setClock('2027-07-01T00:00:00Z');
    const system: Staff = { userId: null, email: 'content import', role: 'admin' };
    expect(await news.importPost(system, { id: 'welcome', title: 'Welcome', body: 'Hi.', draft: false, publishedAt: new Date('2027-06-01T00:00:00Z') })).toBe(
      'added',
    );
    expect(await news.post('welcome')).toMatchObject({ title: 'Welcome', publishedAt: '2027-06-01T00:00:00.000Z' });
    expect(
      await news.importPost(system, { id: 'welcome', title: 'Welcome!', body: 'Hello.', draft: false, publishedAt: new Date('2027-06-20T00:00:00Z') }),
    ).toBe('updated');
    expect(await news.post('welcome')).toMatchObject({ title: 'Welcome!', body: 'Hello.', publishedAt: '2027-06-01T00:00:00.000Z' });
    expect(await lastActions(2)).toEqual(['news.import content import news', 'news.import content import news']);
    // A draft file keeps the post from readers, and dates nothing.
    expect(await news.importPost(system, { id: 'later', title: 'Later', body: 'Soon.', draft: true, publishedAt: new Date('2027-06-20T00:00:00Z') })).toBe(
      'added',
    );
    expect(await news.post('later', admin)).toMatchObject({ status: 'draft', publishedAt: null });
    expect((await new NewsRepository(database.db).byId('later'))?.status).toBe('draft');
    // A draft that becomes published on import takes the file's date.
    await news.importPost(system, { id: 'later', title: 'Later', body: 'Now.', draft: false, publishedAt: new Date('2027-06-25T00:00:00Z') });
    expect(await news.post('later')).toMatchObject({ status: 'published', publishedAt: '2027-06-25T00:00:00.000Z' });
    await news.remove(admin, 'welcome');
    await news.remove(admin, 'later');
  });

  it('offers published posts without a picture to the painter, and sets a picture only once', async () => {
    setClock('2027-08-01T00:00:00Z');
    const draft = await news.create(admin, { title: 'Draft', body: 'Hidden.', status: 'draft' });
    const live = await news.create(admin, { title: 'Live', body: 'Shown words.', status: 'published' });
    expect(news.kind).toBe('news');
    expect(await news.withoutPicture(10)).toEqual([{ id: live.id, title: 'Live', text: 'Shown words.' }]);
    expect(await news.setPictureIfNone(live.id, '/media/a.webp')).toBe(true);
    expect(await news.setPictureIfNone(live.id, '/media/b.webp')).toBe(false);
    expect((await news.post(live.id)).heroImageUrl).toBe('/media/a.webp');
    expect(await news.withoutPicture(10)).toEqual([]);
    await news.remove(admin, draft.id);
    await news.remove(admin, live.id);
  });
});
