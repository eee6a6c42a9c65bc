import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { addPerson, serviceDatabase } from '../../../test/service-database.ts';
import { refusal } from '../../../test/refusal.ts';
import { fixtureBible, fixtureTranslation } from '../../../test/fixture-bible.ts';
import type { Viewer } from '../../access/viewer.ts';
import { Quota } from '../../lib/quota/quota.ts';
import { QuotaRepository } from '../../lib/quota/quota.repository.ts';
import { createImageEngine } from '../../providers/images/create-image-engine.ts';
import type { ImageEngine } from '../../providers/images/image-engine.ts';
import { LocalMediaStore } from '../../providers/storage/local-media-store.ts';
import { PictureQuota } from './picture-quota.ts';
import { PicturesRepository } from './pictures.repository.ts';
import { PicturesService, REPORTS_TO_HIDE } from './pictures.service.ts';
import { SharedVersesService } from './shared-verses.service.ts';

// Shared verses and their moderation with the real repositories on PGlite, the embedded picture engine,
// a media folder of their own and a small Bible of a few verses.
const JOHN_3_16 = 'For God so loved the world, that he gave his only begotten Son.';
const { bible, store } = fixtureBible({
  KJV: [
    ['John', 3, 16, JOHN_3_16],
    ['John', 3, 17, 'For God sent not his Son into the world to condemn the world.'],
    ...Array.from({ length: 9 }, (_, i): [string, number, number, string] => ['Psalms', 119, i + 1, `Verse ${i + 1} of the long psalm.`]),
  ],
  WEB: [['John', 3, 16, 'For God so loved the world, that he gave his one and only Son.']],
});

let database: Database;
let media: LocalMediaStore;
let folder: string;
let engine: ImageEngine;
let pictures: PicturesService;
let shares: SharedVersesService;
let ann: Viewer;
let bob: Viewer;
const guest: Viewer = { kind: 'guest' };
const style = { backgroundColor: '#1a365d', textColor: '#ffffff', fontStyle: 'classic' as const };
const share = (reference: string, verseText: string, more: Partial<Parameters<SharedVersesService['create']>[2]> = {}) => ({
  reference,
  translation: 'KJV',
  verseText,
  isPublic: true,
  ...style,
  ...more,
});

beforeAll(async () => {
  database = await serviceDatabase();
  folder = mkdtempSync(join(tmpdir(), 'selah-shares-'));
  media = new LocalMediaStore(folder);
  engine = createImageEngine({ images: undefined, languageModel: undefined } as never);
  const repository = new PicturesRepository(database.db);
  pictures = new PicturesService(
    bible,
    engine,
    media,
    repository,
    new PictureQuota(new Quota(new QuotaRepository(database.db), 'pictures'), { perHour: 100, perDay: 100, siteDaily: 1000 }),
  );
  shares = new SharedVersesService(bible, pictures, repository);
  ann = { kind: 'user', userId: await addPerson(database, 'Ann'), role: 'user' };
  bob = { kind: 'user', userId: await addPerson(database, 'Bob'), role: 'user' };
}, 60_000);
afterAll(async () => {
  await engine?.close();
  await database?.close();
  rmSync(folder, { recursive: true, force: true });
});
beforeEach(async () => {
  await database.db.execute(sql`TRUNCATE shared_verse, picture_report, picture CASCADE`);
});

const fileOf = (url: string) => url.replace(/^\/media\//, '');

describe('sharing a verse', () => {
  it('publishes the store’s words with a card in the person’s colours, and gives a guest a key of their own', async () => {
    const made = await shares.create(guest, '198.51.100.1', share('john 3:16', JOHN_3_16));
    expect(made.shareCode).toMatch(/^[a-z0-9]{10}$/);
    expect(made.ownerKey).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const shown = await shares.get(made.shareCode);
    expect(shown).toMatchObject({ shareCode: made.shareCode, reference: 'John 3:16', translation: 'KJV', verseText: JOHN_3_16, ...style, isPublic: true });
    expect(shown.imageUrl).toMatch(/^\/media\/pictures\/card-[a-z0-9]+\.webp$/);
    expect(await media.stat(fileOf(shown.imageUrl))).toBeDefined();
    // A signed-in person's share is theirs by account: no key.
    expect((await shares.create(ann, '198.51.100.1', share('John 3:16', JOHN_3_16))).ownerKey).toBeUndefined();
  });

  it('refuses words the verse does not say, a verse the translation lacks, and more than 8 verses', async () => {
    expect(await refusal(shares.create(guest, '198.51.100.1', share('John 3:16', 'For God so loved money.')))).toEqual({
      status: 400,
      message: 'That is not the text of John 3:16 in the KJV translation. Verses are shared as they are written.',
    });
    expect(await refusal(shares.create(guest, '198.51.100.1', share('John 3:18', 'He that believeth on him.')))).toEqual({
      status: 404,
      message: 'John 3:18 is not in the KJV translation.',
    });
    const nine = Array.from({ length: 9 }, (_, i) => `Verse ${i + 1} of the long psalm.`).join(' ');
    expect(await refusal(shares.create(guest, '198.51.100.1', share('Psalm 119:1-9', nine)))).toEqual({
      status: 400,
      message: 'A picture holds at most 8 verses. Choose fewer verses.',
    });
    expect(await database.db.execute(sql`SELECT count(*)::int AS n FROM picture`)).toMatchObject({ rows: [{ n: 0 }] });
  });

  it('takes a graphic made here for the same passage, and refuses one made elsewhere, for another passage or in another translation', async () => {
    const graphic = await pictures.createGraphic(ann, '198.51.100.1', { reference: 'John 3:16', translation: 'KJV', verseText: JOHN_3_16, ...style });
    const made = await shares.create(ann, '198.51.100.1', share('John 3:16', JOHN_3_16, { customGraphicUrl: graphic.imageUrl }));
    expect((await shares.get(made.shareCode)).imageUrl).toBe(graphic.imageUrl);
    expect(await refusal(shares.create(ann, '198.51.100.1', share('John 3:16', JOHN_3_16, { customGraphicUrl: 'https://elsewhere.example/x.webp' })))).toEqual({
      status: 400,
      message: 'That graphic was not made here. Generate a graphic in the share dialog, or share without one.',
    });
    const john17 = 'For God sent not his Son into the world to condemn the world.';
    expect(await refusal(shares.create(ann, '198.51.100.1', share('John 3:17', john17, { customGraphicUrl: graphic.imageUrl })))).toEqual({
      status: 400,
      message: 'That graphic was made for John 3:16 (KJV), not John 3:17 (KJV).',
    });
    // The same verse in another translation is another passage: the graphic shows the KJV's words.
    const web = 'For God so loved the world, that he gave his one and only Son.';
    expect(
      await refusal(shares.create(ann, '198.51.100.1', share('John 3:16', web, { translation: 'WEB', verseText: web, customGraphicUrl: graphic.imageUrl }))),
    ).toEqual({ status: 400, message: 'That graphic was made for John 3:16 (KJV), not John 3:16 (WEB).' });
  });

  it('shows the store’s words as they are now, and the kept words once the translation is gone', async () => {
    const made = await shares.create(
      guest,
      '198.51.100.1',
      share('John 3:16', JOHN_3_16, { translation: 'WEB', verseText: 'For God so loved the world, that he gave his one and only Son.' }),
    );
    store.put(fixtureTranslation('WEB', [['John', 3, 16, 'For God so loved the world, that he gave his one and only Son (corrected).']]));
    expect((await shares.get(made.shareCode)).verseText).toBe('For God so loved the world, that he gave his one and only Son (corrected).');
    store.remove('WEB');
    expect((await shares.get(made.shareCode)).verseText).toBe('For God so loved the world, that he gave his one and only Son.');
    store.put(fixtureTranslation('WEB', [['John', 3, 16, 'For God so loved the world, that he gave his one and only Son.']]));
  });
});

describe('who may delete a share', () => {
  it('lets its guest delete it with the key, its account holder by account, and nobody else; its card goes with it', async () => {
    const byGuest = await shares.create(guest, '198.51.100.1', share('John 3:16', JOHN_3_16));
    const card = fileOf((await shares.get(byGuest.shareCode)).imageUrl);
    const forbidden = { status: 403, message: 'Only the person who shared this verse can delete it.' };
    expect(await refusal(shares.remove(guest, byGuest.shareCode, 'not-the-key'))).toEqual(forbidden);
    expect(await refusal(shares.remove(guest, byGuest.shareCode, undefined))).toEqual(forbidden);
    expect(await refusal(shares.remove(ann, byGuest.shareCode, undefined))).toEqual(forbidden);
    await shares.remove(guest, byGuest.shareCode, byGuest.ownerKey);
    expect(await refusal(shares.get(byGuest.shareCode))).toEqual({ status: 404, message: 'There is no shared verse with that code.' });
    expect(await media.stat(card)).toBeUndefined();

    const byAnn = await shares.create(ann, '198.51.100.1', share('John 3:16', JOHN_3_16));
    expect(await refusal(shares.remove(bob, byAnn.shareCode, undefined))).toEqual(forbidden);
    expect(await refusal(shares.remove(guest, byAnn.shareCode, byGuest.ownerKey))).toEqual(forbidden);
    await shares.remove(ann, byAnn.shareCode, undefined);
    expect(await refusal(shares.remove(ann, byAnn.shareCode, undefined))).toEqual({ status: 404, message: 'There is no shared verse with that code.' });
  });

  it('moves a guest’s shares into the account that proves them by key, and lists an account’s shares newest first, 20 a page', async () => {
    const first = await shares.create(guest, '198.51.100.1', share('John 3:16', JOHN_3_16));
    const other = await shares.create(guest, '198.51.100.2', share('John 3:16', JOHN_3_16));
    expect(await shares.claim(bob, [first.ownerKey!, first.ownerKey!, 'a-key-nobody-holds'])).toEqual({ moved: 1 });
    expect((await shares.mine(bob, undefined)).items.map((s) => s.shareCode)).toEqual([first.shareCode]);
    expect(await refusal(shares.claim(guest, [other.ownerKey!]))).toMatchObject({ status: 401 });
    expect(await refusal(shares.mine(guest, undefined))).toEqual({ status: 401, message: 'Sign in to see the verses you shared from every device.' });
    // Shares already in an account stay there.
    expect(await shares.claim(ann, [first.ownerKey!])).toEqual({ moved: 0 });

    const codes: string[] = [];
    for (let i = 0; i < 21; i++) codes.push((await shares.create(ann, '198.51.100.3', share('John 3:16', JOHN_3_16))).shareCode);
    const page1 = await shares.mine(ann, undefined);
    expect(page1.items).toHaveLength(20);
    expect(page1.items.map((s) => s.createdAt)).toEqual([...page1.items.map((s) => s.createdAt)].sort().reverse());
    const page2 = await shares.mine(ann, page1.nextCursor!);
    expect(page2).toMatchObject({ nextCursor: null });
    expect([...page1.items, ...page2.items].map((s) => s.shareCode).sort()).toEqual([...codes].sort());
    expect(await refusal(shares.mine(ann, 'not-a-cursor'))).toEqual({ status: 400, message: 'That page of shared verses does not exist.' });
  });
});

describe('moderation', () => {
  it('hides a picture after three people report it, counting each person once, and keeps its share page from anyone', async () => {
    const made = await shares.create(ann, '198.51.100.1', share('John 3:16', JOHN_3_16));
    const cardId = (await database.db.execute<{ id: string }>(sql`SELECT id FROM picture`)).rows[0]!.id;
    expect(REPORTS_TO_HIDE).toBe(3);
    expect(await pictures.report(bob, '198.51.100.9', cardId, 'Not the verse')).toEqual({ reported: true, hidden: false });
    expect(await pictures.report(bob, '198.51.100.8', cardId, undefined)).toEqual({ reported: true, hidden: false });
    expect(await pictures.report(guest, '198.51.100.7', cardId, '')).toEqual({ reported: true, hidden: false });
    expect(await pictures.report(guest, '198.51.100.7', cardId, undefined)).toEqual({ reported: true, hidden: false });
    expect(await pictures.report(guest, '198.51.100.6', cardId, undefined)).toEqual({ reported: true, hidden: true });
    expect(await refusal(shares.get(made.shareCode))).toEqual({ status: 404, message: 'There is no shared verse with that code.' });
    // The admin's queue shows it hidden, with its reports and the reason given.
    const queue = await pictures.moderation();
    expect(queue.pictures).toEqual([expect.objectContaining({ id: cardId, kind: 'card', hidden: true, reports: 3, reasons: ['Not the verse'] })]);
    expect(queue.shares).toEqual([expect.objectContaining({ shareCode: made.shareCode, hidden: true })]);
    expect(await refusal(pictures.report(bob, '198.51.100.9', 'no-such-picture', undefined))).toEqual({
      status: 404,
      message: 'There is no picture with that id.',
    });
  });

  it('lets an admin hide a picture from its share page and show it again, which clears its reports', async () => {
    const made = await shares.create(ann, '198.51.100.1', share('John 3:16', JOHN_3_16));
    const cardId = (await database.db.execute<{ id: string }>(sql`SELECT id FROM picture`)).rows[0]!.id;
    await pictures.report(bob, '198.51.100.9', cardId, undefined);
    expect(await pictures.setHidden(cardId, true)).toEqual({ id: cardId, hidden: true });
    expect(await refusal(shares.get(made.shareCode))).toMatchObject({ status: 404 });
    // A card hidden cannot be taken as another share's graphic either.
    const url = `/media/${(await database.db.execute<{ image_key: string }>(sql`SELECT image_key FROM picture`)).rows[0]!.image_key}`;
    expect(await refusal(shares.create(ann, '198.51.100.1', share('John 3:16', JOHN_3_16, { customGraphicUrl: url })))).toMatchObject({ status: 400 });
    expect(await pictures.setHidden(cardId, false)).toEqual({ id: cardId, hidden: false });
    expect((await shares.get(made.shareCode)).shareCode).toBe(made.shareCode);
    expect((await pictures.moderation()).pictures).toEqual([]);
    // Two more reports do not hide it: the earlier one was cleared.
    await pictures.report(guest, '198.51.100.2', cardId, undefined);
    expect(await pictures.report(guest, '198.51.100.3', cardId, undefined)).toEqual({ reported: true, hidden: false });
    expect(await refusal(pictures.setHidden('no-such-picture', true))).toEqual({ status: 404, message: 'There is no picture with that id.' });
  });

  it('lets an admin delete a picture for good, with its files and every share that shows it, and a share alone', async () => {
    const graphic = await pictures.createGraphic(ann, '198.51.100.1', { reference: 'John 3:16', translation: 'KJV', verseText: JOHN_3_16, ...style });
    const one = await shares.create(ann, '198.51.100.1', share('John 3:16', JOHN_3_16, { customGraphicUrl: graphic.imageUrl }));
    const two = await shares.create(bob, '198.51.100.1', share('John 3:16', JOHN_3_16, { customGraphicUrl: graphic.imageUrl }));
    expect((await pictures.deletePicture(graphic.id)).sharesDeleted).toBe(2);
    for (const code of [one.shareCode, two.shareCode]) expect(await refusal(shares.get(code))).toMatchObject({ status: 404 });
    expect(await media.stat(fileOf(graphic.imageUrl))).toBeUndefined();
    expect(await refusal(pictures.deletePicture(graphic.id))).toEqual({ status: 404, message: 'There is no picture with that id.' });

    const alone = await shares.create(ann, '198.51.100.1', share('John 3:16', JOHN_3_16));
    const card = fileOf((await shares.get(alone.shareCode)).imageUrl);
    await pictures.deleteShare(alone.shareCode);
    expect(await media.stat(card)).toBeUndefined();
    expect(await refusal(pictures.deleteShare(alone.shareCode))).toEqual({ status: 404, message: 'There is no shared verse with that code.' });
  });

  it('keeps a card two shares show until the last of them is deleted', async () => {
    const graphic = await pictures.createGraphic(ann, '198.51.100.1', { reference: 'John 3:16', translation: 'KJV', verseText: JOHN_3_16, ...style });
    const one = await shares.create(ann, '198.51.100.1', share('John 3:16', JOHN_3_16, { customGraphicUrl: graphic.imageUrl }));
    const two = await shares.create(ann, '198.51.100.1', share('John 3:16', JOHN_3_16, { customGraphicUrl: graphic.imageUrl }));
    await shares.remove(ann, one.shareCode, undefined);
    expect(await media.stat(fileOf(graphic.imageUrl))).toBeDefined();
    expect((await shares.get(two.shareCode)).imageUrl).toBe(graphic.imageUrl);
    await shares.remove(ann, two.shareCode, undefined);
    expect(await media.stat(fileOf(graphic.imageUrl))).toBeUndefined();
  });

  it('deletes an account’s shares and their cards before the account goes', async () => {
    const made = await shares.create(bob, '198.51.100.1', share('John 3:16', JOHN_3_16));
    const card = fileOf((await shares.get(made.shareCode)).imageUrl);
    await pictures.removeSharesOf((bob as { userId: string }).userId);
    expect(await refusal(shares.get(made.shareCode))).toMatchObject({ status: 404 });
    expect(await media.stat(card)).toBeUndefined();
  });
});
