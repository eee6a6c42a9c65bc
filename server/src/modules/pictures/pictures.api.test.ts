import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GalleryImage, ModerationQueue, VerseVisualization } from '#common/contracts/pictures.ts';
import { PICTURE_MESSAGES, SHARE_PRESETS } from '#common/pictures/rules.ts';
import { databaseKind, startTestApp } from '../../../test/test-app.ts';
import { startInbox } from '../../../test/smtp-inbox.ts';
import { Browser, signUpVerified } from '../../../test/accounts.ts';
import { quotaUses, users } from '../../db/schema.ts';
import { WEB_DIST } from '../../../test/web-build.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'selah-pictures-'));
let app: Awaited<ReturnType<typeof startTestApp>>;
let inbox: Awaited<ReturnType<typeof startInbox>>;
let john316: string;

const [OCEAN, , , , ROSE] = SHARE_PRESETS;
const guest = (ip: string) => new Browser(app, ip);
const storeText = (reference: string, translation = 'KJV') =>
  app.bible
    .passageVerses(app.bible.translation(translation), app.bible.reference(reference))
    .map((v) => v.text)
    .join(' ');
const mediaFile = (url: string) => join(dataDir, 'media', url.replace(/^\/media\//, ''));
const picture = async (url: string) => {
  const res = await app.server.inject({ method: 'GET', url });
  expect(res.statusCode, url).toBe(200);
  return { res, meta: await sharp(res.rawPayload).metadata() };
};

describe(`Verse visualizations, chapter illustrations and shared verses, on ${databaseKind()}`, () => {
  beforeAll(async () => {
    inbox = await startInbox();
    // The real web build, for the public pages of pictures.
    app = await startTestApp({
      env: { WEB_DIST, DATA_DIR: dataDir, SMTP_URL: inbox.url, IMAGE_RATE_LIMIT: '4', IMAGE_DAILY_CAP: '6', IMAGE_SITE_DAILY_CAP: '1000' },
    });
    john316 = storeText('John 3:16');
  }, 60_000);
  afterAll(async () => {
    await app?.stop();
    await inbox?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  describe('verse visualizations', () => {
    let made: VerseVisualization;
    beforeAll(async () => {
      // What the reader sends: the verse as shown, in curly quotes.
      const res = await guest('10.1.0.1').request('POST', '/api/verse-visualizations/generate', {
        reference: 'John 3:16',
        verseText: `“${john316}”`,
        translation: 'kjv',
      });
      expect(res.statusCode, res.body).toBe(200);
      made = res.json();
    }, 60_000);

    it('makes a 1080 × 1080 WebP of the store’s text with a 400 px thumbnail, served for good', async () => {
      expect(made).toMatchObject({ reference: 'John 3:16', translation: 'KJV', verseText: john316, viewCount: 0, width: 1080, height: 1080 });
      expect(made.imageUrl).toMatch(/^\/media\/pictures\/verse-[a-z0-9]{12}\.webp$/);
      expect(made.description.length).toBeGreaterThan(10);
      const { res, meta } = await picture(made.imageUrl);
      expect(meta).toMatchObject({ format: 'webp', width: 1080, height: 1080 });
      expect(res.headers).toMatchObject({ 'content-type': 'image/webp', 'cache-control': 'public, max-age=31536000, immutable' });
      expect((await picture(made.thumbnailUrl)).meta).toMatchObject({ format: 'webp', width: 400 });
    });

    it('lists it for the verse however the reference is written, and only in its translation', async () => {
      for (const ref of ['John 3:16', 'Jn 3:16', 'john 3.16']) {
        const list = await app.server.inject({ method: 'GET', url: `/api/verse-visualizations/${encodeURIComponent(ref)}?translation=KJV&limit=20` });
        expect(list.statusCode, list.body).toBe(200);
        expect((list.json() as VerseVisualization[]).map((v) => v.id)).toEqual([made.id]);
      }
      const web = await app.server.inject({ method: 'GET', url: `/api/verse-visualizations/${encodeURIComponent('John 3:16')}?translation=WEB` });
      expect(web.json()).toEqual([]);
      const tooMany = await app.server.inject({ method: 'GET', url: `/api/verse-visualizations/John%203%3A16?translation=KJV&limit=21` });
      expect(tooMany.statusCode).toBe(400);
    });

    it('counts a view each time its detail is read', async () => {
      const first = await app.server.inject({ method: 'GET', url: `/api/verse-visualizations/detail/${made.id}` });
      expect(first.json()).toMatchObject({ id: made.id, viewCount: 1 });
      const second = await app.server.inject({ method: 'GET', url: `/api/verse-visualizations/detail/${made.id}` });
      expect(second.json().viewCount).toBe(2);
      // The public page's read counts nothing.
      const page = await app.server.inject({ method: 'GET', url: `/api/verse-visualizations/picture/${made.id}` });
      expect(page.json().viewCount).toBe(2);
      expect((await app.server.inject({ method: 'GET', url: '/api/verse-visualizations/detail/nosuchpicture1' })).statusCode).toBe(404);
    });

    it('regenerates a picture storage has lost, the same picture at the same address', async () => {
      const before = (await picture(made.imageUrl)).res.rawPayload;
      const again = { id: made.id, reference: made.reference, verseText: john316, translation: 'KJV' };
      const kept = await guest('10.1.0.2').request('POST', '/api/verse-visualizations/regenerate', again);
      expect(kept.json()).toEqual({ imageUrl: made.imageUrl });
      rmSync(mediaFile(made.imageUrl));
      expect((await app.server.inject({ method: 'GET', url: made.imageUrl })).statusCode).toBe(404);
      const remade = await guest('10.1.0.2').request('POST', '/api/verse-visualizations/regenerate', again);
      expect(remade.json()).toEqual({ imageUrl: made.imageUrl });
      expect(existsSync(mediaFile(made.imageUrl))).toBe(true);
      // Same recipe, same engine: the same picture.
      expect((await picture(made.imageUrl)).res.rawPayload.equals(before)).toBe(true);
    });

    it('refuses words the verse does not say, and a missing verse with the spec’s message', async () => {
      const edited = await guest('10.1.0.3').request('POST', '/api/verse-visualizations/generate', {
        reference: 'John 3:16',
        verseText: john316.replace('loved', 'hated'),
        translation: 'KJV',
      });
      expect(edited.statusCode).toBe(400);
      expect(edited.json().message).toBe('That is not the text of John 3:16 in the KJV translation. Verses are shared as they are written.');
      for (const body of [{ reference: '', verseText: john316, translation: 'KJV' }, { reference: 'John 3:16', verseText: '  ', translation: 'KJV' }, {}]) {
        const res = await guest('10.1.0.3').request('POST', '/api/verse-visualizations/generate', body);
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toContain(PICTURE_MESSAGES.noVerse);
      }
      const nowhere = await guest('10.1.0.3').request('POST', '/api/verse-visualizations/generate', {
        reference: 'Tobit 1:1',
        verseText: 'x',
        translation: 'KJV',
      });
      expect(nowhere.statusCode).toBe(404);
    });
  });

  describe('chapter illustrations', () => {
    let made: GalleryImage;
    beforeAll(async () => {
      const res = await guest('10.2.0.1').request('POST', '/api/gallery/generate', {
        bibleReference: 'Psalm 23',
        bibleContent: 'as shown',
        translation: 'KJV',
      });
      expect(res.statusCode, res.body).toBe(200);
      made = res.json();
    }, 60_000);

    it('makes an illustration of the chapter, described in words', async () => {
      expect(made).toMatchObject({ bibleReference: 'Psalms 23', translation: 'KJV', viewCount: 0 });
      expect(made.description).toMatch(/\w+ \w+ \w+/);
      expect((await picture(made.imageUrl)).meta).toMatchObject({ format: 'webp', width: made.width, height: made.height });
    });

    it('shows it to readers of every translation, and in the community gallery newest first', async () => {
      const web = await app.server.inject({ method: 'GET', url: '/api/gallery?reference=Psalm%2023&translation=WEB' });
      expect((web.json() as GalleryImage[]).map((g) => g.id)).toEqual([made.id]);
      const other = await app.server.inject({ method: 'GET', url: '/api/gallery?reference=Psalm%2024&translation=KJV' });
      expect(other.json()).toEqual([]);
      const second = await guest('10.2.0.1').request('POST', '/api/gallery/generate', { bibleReference: 'Genesis 1', translation: 'WEB' });
      const all = await app.server.inject({ method: 'GET', url: '/api/gallery' });
      expect((all.json() as GalleryImage[]).map((g) => g.id).slice(0, 2)).toEqual([second.json().id, made.id]);
    });

    it('counts a view when it is opened full size, and says so when a chapter does not exist', async () => {
      const view = await app.server.inject({ method: 'POST', url: `/api/pictures/${made.id}/view` });
      expect(view.json()).toEqual({ viewCount: 1 });
      const missing = await guest('10.2.0.1').request('POST', '/api/gallery/generate', { bibleReference: 'Psalm 151', translation: 'KJV' });
      expect(missing.statusCode).toBe(404);
    });
  });

  describe('limits, reports and hiding', () => {
    it('makes no more than the hourly limit when the requests are in flight at once', async () => {
      const someone = guest('10.3.0.9');
      const replies = await Promise.all(
        Array.from({ length: 8 }, () =>
          someone.request('POST', '/api/shared-verses/generate-graphic', {
            verseText: john316,
            reference: 'John 3:16',
            translation: 'KJV',
            fontStyle: 'classic',
            backgroundColor: OCEAN.background,
            textColor: OCEAN.text,
          }),
        ),
      );
      expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 429, 429, 429, 429]);
    });

    it('bounds pictures per address per hour, then per day', async () => {
      const someone = guest('10.3.0.1');
      const make = () =>
        someone.request('POST', '/api/shared-verses/generate-graphic', {
          verseText: john316,
          reference: 'John 3:16',
          translation: 'KJV',
          fontStyle: 'classic',
          backgroundColor: OCEAN.background,
          textColor: OCEAN.text,
        });
      for (let i = 0; i < 4; i++) expect((await make()).statusCode).toBe(200);
      const fifth = await make();
      expect(fifth.statusCode).toBe(429);
      expect(fifth.json().message).toMatch(/^You have made 4 pictures in the last hour\. Please try again in \d+ minutes?\.$/);
      expect(Number(fifth.headers['retry-after'])).toBeGreaterThan(3000);
      // An hour on, the hourly limit allows more; the day's cap (6) still counts them.
      await app.database.db.update(quotaUses).set({ at: sql`${quotaUses.at} - interval '61 minutes'` });
      expect((await make()).statusCode).toBe(200);
      expect((await make()).statusCode).toBe(200);
      const capped = await make();
      expect(capped.statusCode).toBe(429);
      expect(capped.json().message).toBe('You have made 6 pictures today, the most one person may. Please come back tomorrow.');
      // Another address is not held back by this one.
      expect(
        (
          await guest('10.3.0.2').request('POST', '/api/shared-verses/generate-graphic', {
            verseText: john316,
            reference: 'John 3:16',
            fontStyle: 'bold',
            backgroundColor: ROSE.background,
            textColor: ROSE.text,
          })
        ).statusCode,
      ).toBe(200);
    });

    it('hides a picture three people report until an admin shows it again', async () => {
      const made = (await guest('10.4.0.1').request('POST', '/api/gallery/generate', { bibleReference: 'Mark 4', translation: 'KJV' })).json() as GalleryImage;
      const listed = async () =>
        ((await app.server.inject({ method: 'GET', url: '/api/gallery?reference=Mark%204' })).json() as GalleryImage[]).map((g) => g.id);
      expect(await listed()).toEqual([made.id]);
      const report = (ip: string) => guest(ip).request('POST', `/api/pictures/${made.id}/report`, { reason: 'not fitting' });
      expect((await report('10.4.0.2')).json()).toEqual({ reported: true, hidden: false });
      expect((await report('10.4.0.2')).json()).toEqual({ reported: true, hidden: false }); // the same person twice counts once
      expect((await report('10.4.0.3')).json()).toEqual({ reported: true, hidden: false });
      expect((await report('10.4.0.4')).json()).toEqual({ reported: true, hidden: true });
      expect(await listed()).toEqual([]);
      expect((await app.server.inject({ method: 'GET', url: `/api/gallery/picture/${made.id}` })).statusCode).toBe(404);

      const show = (browser: Browser) => browser.request('PUT', `/api/admin/pictures/${made.id}/hidden`, { hidden: false });
      expect((await show(guest('10.4.0.5'))).statusCode).toBe(401);
      const eve = await signUpVerified(app, inbox, 'eve@example.org', undefined, '10.4.0.6');
      expect((await show(eve)).statusCode).toBe(403);
      await app.database.db.update(users).set({ role: 'admin' }).where(eq(users.email, 'eve@example.org'));
      // The moderation queue puts it first, with how many reported it and why.
      const queue = (await eve.request('GET', '/api/admin/moderation')).json() as ModerationQueue;
      expect(queue.pictures[0]).toMatchObject({ id: made.id, hidden: true, reports: 3, reasons: ['not fitting', 'not fitting', 'not fitting'] });
      expect((await show(eve)).json()).toEqual({ id: made.id, hidden: false });
      expect(await listed()).toEqual([made.id]);
      // Shown again by an admin, the old reports are gone: one more does not hide it.
      expect((await report('10.4.0.7')).json()).toEqual({ reported: true, hidden: false });
    }, 60_000);
  });

  describe('shared verses', () => {
    const share = (browser: Browser, extra: Record<string, unknown> = {}) =>
      browser.request('POST', '/api/shared-verses', {
        verseText: john316,
        reference: 'John 3:16',
        translation: 'KJV',
        backgroundColor: ROSE.background,
        textColor: ROSE.text,
        fontStyle: 'elegant',
        isPublic: 1,
        customGraphicUrl: null,
        ...extra,
      });

    it('publishes a verse with the graphic made for it, which anyone can then read', async () => {
      const someone = guest('10.5.0.1');
      const graphic = await someone.request('POST', '/api/shared-verses/generate-graphic', {
        verseText: john316,
        reference: 'John 3:16',
        fontStyle: 'elegant',
        backgroundColor: ROSE.background.toUpperCase(),
        textColor: ROSE.text,
      });
      expect(graphic.statusCode, graphic.body).toBe(200);
      const { imageUrl, id } = graphic.json();
      const card = await picture(imageUrl);
      expect(card.meta).toMatchObject({ format: 'webp', width: 1080, height: 1080 });
      // Deep Rose: the card's corner is the chosen background.
      const { data } = await sharp(card.res.rawPayload).extract({ left: 4, top: 4, width: 1, height: 1 }).raw().toBuffer({ resolveWithObject: true });
      expect(Math.abs(data[0]! - 0x88) + Math.abs(data[1]! - 0x13) + Math.abs(data[2]! - 0x37)).toBeLessThan(24);

      const created = await share(someone, { customGraphicUrl: imageUrl });
      expect(created.statusCode, created.body).toBe(200);
      const { shareCode, ownerKey } = created.json();
      expect(shareCode).toMatch(/^[a-z0-9]{10}$/);
      expect(ownerKey).toMatch(/^[\w-]{30,}$/);
      const read = await app.server.inject({ method: 'GET', url: `/api/shared-verses/${shareCode}` });
      expect(read.json()).toMatchObject({
        shareCode,
        reference: 'John 3:16',
        translation: 'KJV',
        verseText: john316,
        imageUrl,
        fontStyle: 'elegant',
        isPublic: true,
      });
      const page = await app.server.inject({ method: 'GET', url: `/api/share-graphics/${id}` });
      expect(page.json()).toMatchObject({ id, reference: 'John 3:16', translation: 'KJV', imageUrl });
    });

    it('serves no share of a picture that reports have hidden, until an admin shows it again', async () => {
      const someone = guest('10.5.0.30');
      const graphic = await someone.request('POST', '/api/shared-verses/generate-graphic', {
        verseText: john316,
        reference: 'John 3:16',
        fontStyle: 'classic',
        backgroundColor: OCEAN!.background,
        textColor: OCEAN!.text,
      });
      const { imageUrl, id } = graphic.json() as { imageUrl: string; id: string };
      const { shareCode } = (await share(someone, { customGraphicUrl: imageUrl })).json() as { shareCode: string };
      const reads = async () =>
        Promise.all(
          [`/api/shared-verses/${shareCode}`, `/shared/${shareCode}`, `/api/share-graphics/${id}`].map(
            async (url) => (await app.server.inject({ method: 'GET', url, headers: { host: 'localhost' } })).statusCode,
          ),
        );
      expect(await reads()).toEqual([200, 200, 200]);
      for (const ip of ['10.5.0.31', '10.5.0.32', '10.5.0.33']) await guest(ip).request('POST', `/api/pictures/${id}/report`, { reason: 'unkind' });
      expect(await reads()).toEqual([404, 404, 404]);
      // Nor can it be shared again by its address.
      const again = await share(someone, { customGraphicUrl: imageUrl });
      expect(again.statusCode).toBe(400);

      const admin = await signUpVerified(app, inbox, 'phoebe@example.org', undefined, '10.5.0.34');
      await app.database.db.update(users).set({ role: 'admin' }).where(eq(users.email, 'phoebe@example.org'));
      expect((await admin.request('PUT', `/api/admin/pictures/${id}/hidden`, { hidden: false })).json()).toEqual({ id, hidden: false });
      expect(await reads()).toEqual([200, 200, 200]);
    });

    it("moves a guest's shares into the account that proves their keys, and no one else's", async () => {
      const browser = guest('10.5.0.20');
      const mine = [(await share(browser)).json(), (await share(browser)).json()] as { shareCode: string; ownerKey: string }[];
      const stranger = (await share(guest('10.5.0.21'))).json() as { shareCode: string; ownerKey: string };
      expect((await browser.request('POST', '/api/shared-verses/claim', { ownerKeys: [mine[0]!.ownerKey] })).statusCode).toBe(401);

      const ruth = await signUpVerified(app, inbox, 'ruth.shares@example.org', undefined, '10.5.0.22');
      const keys = [...mine.map((m) => m.ownerKey), 'not-a-key-anyone-was-given-0000000'];
      const claimed = await ruth.request('POST', '/api/shared-verses/claim', { ownerKeys: keys });
      expect(claimed.statusCode, claimed.body).toBe(200);
      expect(claimed.json()).toEqual({ moved: 2 });
      const listed = (await ruth.request('GET', '/api/shared-verses')).json() as { items: { shareCode: string }[] };
      expect(listed.items.map((i) => i.shareCode).sort()).toEqual(mine.map((m) => m.shareCode).sort());
      // Sent again (a move cut short): nothing moves twice, and the stranger's share stays theirs.
      expect((await ruth.request('POST', '/api/shared-verses/claim', { ownerKeys: keys })).json()).toEqual({ moved: 0 });
      const naomi = await signUpVerified(app, inbox, 'naomi.shares@example.org', undefined, '10.5.0.23');
      expect((await naomi.request('POST', '/api/shared-verses/claim', { ownerKeys: mine.map((m) => m.ownerKey) })).json()).toEqual({ moved: 0 });
      expect((await ruth.request('DELETE', `/api/shared-verses/${stranger.shareCode}`, {})).statusCode).toBe(403);
      expect((await ruth.request('POST', '/api/shared-verses/claim', { ownerKeys: 'nope' })).statusCode).toBe(400);
    });

    it('makes a card in the chosen colours when no graphic was made', async () => {
      const created = await share(guest('10.5.0.2'));
      expect(created.statusCode, created.body).toBe(200);
      const read = (await app.server.inject({ method: 'GET', url: `/api/shared-verses/${created.json().shareCode}` })).json();
      expect((await picture(read.imageUrl)).meta).toMatchObject({ width: 1080, height: 1080 });
    });

    it('lets an admin find a public share in the moderation list and delete it', async () => {
      const { shareCode } = (await share(guest('10.5.0.8'))).json();
      const card = mediaFile((await app.server.inject({ method: 'GET', url: `/api/shared-verses/${shareCode}` })).json().imageUrl);
      expect(existsSync(card)).toBe(true);
      const admin = await signUpVerified(app, inbox, 'tabitha@example.org', undefined, '10.5.0.9');
      await app.database.db.update(users).set({ role: 'admin' }).where(eq(users.email, 'tabitha@example.org'));
      const queue = (await admin.request('GET', '/api/admin/moderation')).json() as ModerationQueue;
      expect(queue.shares[0]).toMatchObject({ shareCode, reference: 'John 3:16', hidden: false });
      expect((await admin.request('DELETE', `/api/admin/shared-verses/${shareCode}`)).statusCode).toBe(200);
      expect((await app.server.inject({ method: 'GET', url: `/api/shared-verses/${shareCode}` })).statusCode).toBe(404);
      expect((await admin.request('DELETE', `/api/admin/shared-verses/${shareCode}`)).statusCode).toBe(404);
      // The card made for it went with it: its picture and thumbnail files too.
      expect([existsSync(card), existsSync(card.replace(/\.webp$/, '-thumb.webp'))]).toEqual([false, false]);
    });

    it('lets an admin delete a picture for good: its files, its place in the gallery, its page, and the shares that show it', async () => {
      const maker = guest('10.7.0.1');
      const made = (await maker.request('POST', '/api/gallery/generate', { bibleReference: 'Jonah 2', translation: 'KJV' })).json() as GalleryImage;
      expect((await guest('10.7.0.2').request('POST', `/api/pictures/${made.id}/report`, { reason: 'odd' })).statusCode).toBe(200);
      const listed = async () =>
        ((await app.server.inject({ method: 'GET', url: '/api/gallery?reference=Jonah%202' })).json() as GalleryImage[]).map((g) => g.id);
      expect(await listed()).toEqual([made.id]);
      expect((await maker.request('GET', `/chapter-visualization/${made.id}`)).statusCode).toBe(200);
      const remove = (browser: Browser, id = made.id) => browser.request('DELETE', `/api/admin/pictures/${id}`);

      expect((await remove(guest('10.7.0.3'))).statusCode).toBe(401);
      const reader = await signUpVerified(app, inbox, 'jonah@example.org', undefined, '10.7.0.4');
      expect((await remove(reader)).statusCode).toBe(403);
      await app.database.db.update(users).set({ role: 'author' }).where(eq(users.email, 'jonah@example.org'));
      expect((await remove(reader)).statusCode).toBe(403);
      expect(existsSync(mediaFile(made.imageUrl)) && existsSync(mediaFile(made.thumbnailUrl))).toBe(true);

      const admin = await signUpVerified(app, inbox, 'miriam@example.org', undefined, '10.7.0.5');
      await app.database.db.update(users).set({ role: 'admin' }).where(eq(users.email, 'miriam@example.org'));
      expect((await admin.request('GET', '/api/admin/moderation')).json().pictures.map((p: { id: string }) => p.id)).toContain(made.id);
      const gone = await remove(admin);
      expect(gone.statusCode, gone.body).toBe(200);
      expect(gone.json()).toEqual({ ok: true, sharesDeleted: 0 });
      expect(await listed()).toEqual([]);
      expect((await app.server.inject({ method: 'GET', url: `/api/gallery/picture/${made.id}` })).statusCode).toBe(404);
      expect((await maker.request('GET', `/chapter-visualization/${made.id}`)).statusCode).toBe(404);
      for (const url of [made.imageUrl, made.thumbnailUrl]) {
        expect((await app.server.inject({ method: 'GET', url })).statusCode, url).toBe(404);
        expect(existsSync(mediaFile(url))).toBe(false);
      }
      expect((await admin.request('GET', '/api/admin/moderation')).json().pictures.map((p: { id: string }) => p.id)).not.toContain(made.id);
      expect((await remove(admin)).statusCode).toBe(404);
      expect((await remove(admin, 'nosuchpicture1')).statusCode).toBe(404);

      // A share graphic goes with the shared verses that show it: their pages are the picture.
      const graphic = (
        await maker.request('POST', '/api/shared-verses/generate-graphic', {
          verseText: john316,
          reference: 'John 3:16',
          translation: 'KJV',
          fontStyle: 'modern',
          backgroundColor: ROSE.background,
          textColor: ROSE.text,
        })
      ).json() as { id: string; imageUrl: string };
      const { shareCode } = (await share(maker, { customGraphicUrl: graphic.imageUrl, fontStyle: 'modern' })).json();
      expect((await app.server.inject({ method: 'GET', url: `/api/shared-verses/${shareCode}` })).statusCode).toBe(200);
      expect((await remove(admin, graphic.id)).json()).toEqual({ ok: true, sharesDeleted: 1 });
      expect((await app.server.inject({ method: 'GET', url: `/api/shared-verses/${shareCode}` })).statusCode).toBe(404);
      expect((await app.server.inject({ method: 'GET', url: `/api/share-graphics/${graphic.id}` })).statusCode).toBe(404);

      const log = (await admin.request('GET', '/api/admin/audit')).json() as {
        entries: { actorEmail: string; action: string; target: string; detail: string }[];
      };
      expect(log.entries.filter((e) => e.action === 'picture.delete').slice(0, 2)).toEqual([
        expect.objectContaining({
          actorEmail: 'miriam@example.org',
          target: `picture ${graphic.id}`,
          detail: 'card John 3:16; 1 shared verse showing it deleted too',
        }),
        expect.objectContaining({ actorEmail: 'miriam@example.org', target: `picture ${made.id}`, detail: 'chapter Jonah 2' }),
      ]);
    }, 60_000);

    it('refuses invented words, a graphic of another verse or from elsewhere, and colours outside the presets', async () => {
      const someone = guest('10.5.0.3');
      const invented = await share(someone, { verseText: 'For God so loved money.' });
      expect(invented.statusCode).toBe(400);
      expect(invented.json().message).toBe('That is not the text of John 3:16 in the KJV translation. Verses are shared as they are written.');
      const other = await someone.request('POST', '/api/shared-verses/generate-graphic', {
        verseText: storeText('Genesis 1:1'),
        reference: 'Genesis 1:1',
        translation: 'KJV',
        fontStyle: 'modern',
        backgroundColor: OCEAN.background,
        textColor: OCEAN.text,
      });
      const wrong = await share(someone, { customGraphicUrl: other.json().imageUrl });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().message).toBe('That graphic was made for Genesis 1:1 (KJV), not John 3:16 (KJV).');
      for (const url of ['https://elsewhere.example/pictures/card-abcdefabcdef.webp', '/media/pictures/card-nosuchgraphic.webp', 'javascript:alert(1)']) {
        expect((await share(someone, { customGraphicUrl: url })).statusCode).toBe(400);
      }
      const colours = await share(someone, { backgroundColor: '#ffffff', textColor: '#fefefe' });
      expect(colours.statusCode).toBe(400);
      expect(colours.json().message).toMatch(/^Choose one of the colour presets: Ocean Blue, /);
      const noGraphicText = await someone.request('POST', '/api/shared-verses/generate-graphic', {
        verseText: 'Words nobody wrote',
        reference: 'John 3:16',
        fontStyle: 'modern',
        backgroundColor: OCEAN.background,
        textColor: OCEAN.text,
      });
      expect(noGraphicText.statusCode).toBe(400);
      expect(noGraphicText.json().message).toBe('That is not the text of John 3:16 in any translation here. Verses are shared as they are written.');
    });

    it('lets only the guest who shared delete it, by the key their browser was given', async () => {
      const created = (await share(guest('10.5.0.4'))).json();
      const card = mediaFile((await app.server.inject({ method: 'GET', url: `/api/shared-verses/${created.shareCode}` })).json().imageUrl);
      const remove = (key?: string) => guest('10.5.0.9').request('DELETE', `/api/shared-verses/${created.shareCode}`, key ? { ownerKey: key } : undefined);
      expect((await remove()).statusCode).toBe(403);
      expect((await remove('not-the-key')).statusCode).toBe(403);
      expect(existsSync(card)).toBe(true);
      expect((await remove(created.ownerKey)).statusCode).toBe(204);
      expect((await app.server.inject({ method: 'GET', url: `/api/shared-verses/${created.shareCode}` })).statusCode).toBe(404);
      expect([existsSync(card), existsSync(card.replace(/\.webp$/, '-thumb.webp'))]).toEqual([false, false]);
    });

    it('lists a signed-in person’s shares, newest first, and lets them delete theirs only', async () => {
      const ruth = await signUpVerified(app, inbox, 'ruth@example.org', undefined, '10.6.0.1');
      const first = (await share(ruth)).json();
      const second = (await share(ruth, { verseText: storeText('Ruth 1:16'), reference: 'Ruth 1:16' })).json();
      expect(first.ownerKey).toBeUndefined();
      const mine = await ruth.request('GET', '/api/shared-verses');
      expect(mine.json().items.map((s: { shareCode: string }) => s.shareCode)).toEqual([second.shareCode, first.shareCode]);
      expect(mine.json().nextCursor).toBeNull();
      expect((await guest('10.6.0.2').request('GET', '/api/shared-verses')).statusCode).toBe(401);
      const naomi = await signUpVerified(app, inbox, 'naomi@example.org', undefined, '10.6.0.3');
      expect((await naomi.request('DELETE', `/api/shared-verses/${first.shareCode}`)).statusCode).toBe(403);
      expect((await ruth.request('DELETE', `/api/shared-verses/${first.shareCode}`)).statusCode).toBe(204);
      expect((await ruth.request('GET', '/api/shared-verses')).json().items).toHaveLength(1);
      expect((await ruth.request('GET', '/api/shared-verses?cursor=garbage')).statusCode).toBe(400);
    }, 60_000);
  });
});
