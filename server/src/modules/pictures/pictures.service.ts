import { randomInt } from 'node:crypto';
import { passageName } from '#common/scripture/passage-name.ts';
import { formatReference } from '#common/scripture/reference.ts';
import type { GalleryImage, ModerationQueue, ShareGraphic, VerseVisualization } from '#common/contracts/pictures.ts';
import type { FontStyle } from '#common/pictures/rules.ts';
import { Busy, NotFound } from '../../lib/errors.ts';
import { isQueueFull } from '../../lib/worker-pool.ts';
import type { ImageEngine, RenderedPicture } from '../../providers/images/image-engine.ts';
import { MEDIA_KEY, type MediaStore } from '../../providers/storage/media-store.ts';
import type { Viewer } from '../../access/viewer.ts';
import type { BibleService } from '../bible/bible.service.ts';
import { addressKey } from '../../lib/quota/quota.ts';
import type { PictureQuota } from './picture-quota.ts';
import type { PictureKind, PictureRow, PicturesRepository } from './pictures.repository.ts';
import { randomId } from './random-id.ts';
import { passageInAnyTranslation, storedChapter, storedPassage, type StoredPassage } from './stored-passage.ts';

/** How many pictures and shares the moderation page lists. */
const MODERATION_LIST = 100;
const BUSY = 'Pictures are being made for many people just now. Please try again in a minute.';
/** This many people reporting a picture take it out of the gallery until an admin looks at it. */
export const REPORTS_TO_HIDE = 3;

export type CardStyle = { fontStyle: FontStyle; backgroundColor: string; textColor: string };
type Recipe = { seed: number } | CardStyle;

/**
 * Verse visualizations, chapter illustrations and share graphics (spec §2–§4, §7): made by the image
 * engine from the store's text, kept in the media store, listed newest first in a community gallery
 * everyone sees. Making one is bounded per account, per address and per day (PictureQuota).
 */
export class PicturesService {
  constructor(
    private readonly bible: BibleService,
    private readonly engine: ImageEngine,
    private readonly media: MediaStore,
    private readonly repository: PicturesRepository,
    private readonly quota: PictureQuota,
  ) {}

  async verseVisualizations(reference: string, translation: string, limit: number): Promise<VerseVisualization[]> {
    const rows = await this.repository.list(
      'verse',
      { reference: formatReference(this.bible.reference(reference)), translation: translation.trim().toUpperCase() },
      limit,
    );
    return rows.map((r) => this.verseVisualization(r));
  }

  async createVerseVisualization(viewer: Viewer, address: string, input: { reference: string; verseText: string; translation: string }) {
    const passage = storedPassage(this.bible, input.reference, input.translation, input.verseText);
    await this.quota.take(viewer, address);
    const seed = randomInt(2 ** 31);
    const row = await this.make('verse', passage, { seed }, viewer, () =>
      this.engine.versePicture({ reference: passage.reference, text: passage.text, translation: passage.translation, seed }),
    );
    return this.verseVisualization(row);
  }

  /** Spec §7 detail: the visualization, with one more view counted. */
  async viewVerseVisualization(id: string): Promise<VerseVisualization> {
    const row = await this.repository.countView(id);
    if (!row || row.kind !== 'verse') throw new NotFound('There is no visualization with that id.');
    return this.verseVisualization(row);
  }

  /**
   * Spec §7 regenerate: a picture that failed to load. Its file is made again from its recipe when
   * storage has lost it; otherwise the same address is given back (the failure was on the way).
   */
  async regenerate(viewer: Viewer, address: string, input: { id: string; reference: string; verseText: string; translation: string }) {
    const row = await this.repository.find(input.id);
    if (!row || row.kind !== 'verse') throw new NotFound('There is no visualization with that id.');
    if (!(await this.media.stat(row.imageKey)) || !(await this.media.stat(row.thumbnailKey))) {
      await this.quota.take(viewer, address);
      const seed = (row.recipe as { seed: number }).seed;
      const picture = await this.render(() => this.engine.versePicture({ reference: row.reference, text: row.verseText, translation: row.translation, seed }));
      await this.store(row.imageKey, row.thumbnailKey, picture);
    }
    return { imageUrl: this.media.url(row.imageKey) };
  }

  async gallery(filter: { reference?: string; translation?: string }, limit: number): Promise<GalleryImage[]> {
    // A chapter's illustrations carry no text, so every translation's readers see all of them.
    const reference = filter.reference ? storedChapterLabel(this.bible, filter.reference) : undefined;
    const rows = await this.repository.list('chapter', { reference }, limit);
    return rows.map((r) => this.galleryImage(r));
  }

  async createChapterPicture(viewer: Viewer, address: string, input: { bibleReference: string; translation: string }) {
    const chapter = storedChapter(this.bible, input.bibleReference, input.translation);
    await this.quota.take(viewer, address);
    const seed = randomInt(2 ** 31);
    const row = await this.make('chapter', chapter, { seed }, viewer, () =>
      this.engine.chapterPicture({ reference: chapter.reference, text: chapter.text, translation: chapter.translation, seed }),
    );
    return this.galleryImage(row);
  }

  /**
   * The day's visual contemplation: a landscape drawn from a prayer's words, with no words on it (the
   * prayer is beside it on the page). Not a community picture: no galleries list it.
   */
  async createPrayerPicture(prayer: { title: string; text: string; translation: string | null }): Promise<PrayerPictureUrls> {
    const seed = randomInt(2 ** 31);
    const passage = { reference: prayer.title, translation: prayer.translation ?? '', text: prayer.text };
    const row = await this.make('prayer', passage, { seed }, { kind: 'guest' }, () =>
      this.engine.chapterPicture({ reference: prayer.title, text: prayer.text, translation: passage.translation, seed }),
    );
    return this.prayerPicture(row);
  }

  /**
   * A landscape painted from an article's words (a lesson's or news post's hero; no words on it),
   * stored in the media store; answers its address. Listed in no gallery.
   */
  async paintHero(subject: { title: string; text: string }): Promise<string> {
    const seed = randomInt(2 ** 31);
    const picture = await this.render(() =>
      this.engine.chapterPicture({ reference: subject.title, text: subject.text, translation: '', seed, caption: false }),
    );
    const key = `pictures/hero-${randomId()}.webp`;
    await this.media.put(key, picture.image, 'image/webp');
    return this.media.url(key);
  }

  prayerPicture(r: PictureRow): PrayerPictureUrls {
    const { id, imageUrl, thumbnailUrl, description } = this.common(r);
    return { id, imageUrl, thumbnailUrl, description };
  }

  /** Spec §7 generate-graphic: the verse set in the person's font and colours. */
  async createGraphic(
    viewer: Viewer,
    address: string,
    input: { verseText: string; reference: string; translation?: string } & CardStyle,
  ): Promise<{ id: string; imageUrl: string; width: number; height: number }> {
    const passage = input.translation
      ? storedPassage(this.bible, input.reference, input.translation, input.verseText)
      : passageInAnyTranslation(this.bible, input.reference, input.verseText);
    const row = await this.makeCard(viewer, address, passage, input);
    return { id: row.id, imageUrl: this.media.url(row.imageKey), width: row.width, height: row.height };
  }

  async makeCard(viewer: Viewer, address: string, passage: StoredPassage, style: CardStyle): Promise<PictureRow> {
    await this.quota.take(viewer, address);
    const recipe: CardStyle = { fontStyle: style.fontStyle, backgroundColor: style.backgroundColor, textColor: style.textColor };
    return this.make('card', passage, recipe, viewer, () =>
      this.engine.shareCard({ reference: passageName(passage.reference), text: passage.text, ...recipe }),
    );
  }

  /** A share graphic this site made, found by the address it was given at (for a shared verse's customGraphicUrl). */
  async graphicAt(url: string): Promise<PictureRow | undefined> {
    const key = url.split(/[?#]/)[0]!.split('/').slice(-2).join('/');
    if (!MEDIA_KEY.test(key) || this.media.url(key) !== url.split(/[?#]/)[0]) return undefined;
    const row = await this.repository.findByImageKey(key);
    return row?.kind === 'card' ? row : undefined;
  }

  /** Any picture, without counting a view: for public pages, which count one after they show. */
  async picture(id: string, kind: PictureKind): Promise<PictureRow> {
    const row = await this.repository.find(id);
    if (!row || row.kind !== kind) throw new NotFound('There is no picture with that id.');
    return row;
  }

  async countView(id: string): Promise<{ viewCount: number }> {
    const row = await this.repository.countView(id);
    if (!row) throw new NotFound('There is no picture with that id.');
    return { viewCount: row.viewCount };
  }

  async report(viewer: Viewer, address: string, id: string, reason: string | undefined) {
    const reporter = viewer.kind === 'user' ? `user:${viewer.userId}` : addressKey(address);
    const done = await this.repository.report(id, reporter, reason || undefined, REPORTS_TO_HIDE);
    if (!done) throw new NotFound('There is no picture with that id.');
    return { reported: true as const, hidden: done.hidden };
  }

  /** An admin's decision (the route checks the role): out of the gallery and off any share page, or back. */
  async setHidden(id: string, hidden: boolean): Promise<{ id: string; hidden: boolean }> {
    if (!(await this.repository.setHidden(id, hidden))) throw new NotFound('There is no picture with that id.');
    return { id, hidden };
  }

  /**
   * An admin deletes a picture for good (the route checks the role): its files (full size and thumbnail)
   * from the media store first, so a failure there changes nothing and can be tried again, then its
   * row, reports and the shared verses that show it.
   */
  async deletePicture(id: string): Promise<{ picture: PictureRow; sharesDeleted: number }> {
    const row = await this.repository.findAny(id);
    if (!row) throw new NotFound('There is no picture with that id.');
    await Promise.all([this.media.delete(row.imageKey), this.media.delete(row.thumbnailKey)]);
    const done = await this.repository.deletePicture(id);
    if (!done) throw new NotFound('There is no picture with that id.');
    return { picture: row, sharesDeleted: done.shares };
  }

  /** The admin panel's moderation: reported and hidden pictures first, then the latest public shares. */
  async moderation(): Promise<ModerationQueue> {
    const [reported, shares] = await Promise.all([this.repository.reportedOrHidden(MODERATION_LIST), this.repository.latestPublicShares(MODERATION_LIST)]);
    return {
      pictures: reported.map(({ picture, reports, reasons }) => ({
        id: picture.id,
        kind: picture.kind,
        reference: picture.reference,
        thumbnailUrl: this.media.url(picture.thumbnailKey),
        hidden: picture.hidden,
        reports,
        reasons,
        createdAt: picture.createdAt.toISOString(),
      })),
      shares: shares.map(({ shared, picture }) => ({
        shareCode: shared.shareCode,
        reference: shared.reference,
        verseText: shared.verseText,
        thumbnailUrl: this.media.url(picture.thumbnailKey),
        hidden: picture.hidden,
        createdAt: shared.createdAt.toISOString(),
      })),
    };
  }

  /** An admin removes a shared verse (its card goes too, unless another share shows it). */
  async deleteShare(code: string): Promise<void> {
    if (!(await this.repository.findSharedAny(code))) throw new NotFound('There is no shared verse with that code.');
    await this.removeShare(code);
  }

  /**
   * A share deleted (by its owner or an admin): its card's row and files go too when no other share
   * shows it. The row goes first: files left by a failure here are ones nothing names, which the media
   * ceiling removes.
   */
  async removeShare(code: string): Promise<void> {
    const keys = await this.repository.deleteShared(code);
    await Promise.all(keys.map((key) => this.media.delete(key)));
  }

  /** An account about to be deleted: its shares go first, with their cards' files (the database alone would leave the files). */
  async removeSharesOf(userId: string): Promise<void> {
    for (const code of await this.repository.shareCodesOf(userId)) await this.removeShare(code);
  }

  verseVisualization(r: PictureRow): VerseVisualization {
    return { ...this.common(r), reference: r.reference, verseText: r.verseText, translation: r.translation };
  }

  galleryImage(r: PictureRow): GalleryImage {
    return { ...this.common(r), bibleReference: r.reference, translation: r.translation };
  }

  shareGraphic(r: PictureRow): ShareGraphic {
    const { id, imageUrl, width, height, createdAt } = this.common(r);
    return { id, imageUrl, width, height, createdAt, reference: r.reference, translation: r.translation, verseText: r.verseText };
  }

  private common(r: PictureRow) {
    return {
      id: r.id,
      imageUrl: this.media.url(r.imageKey),
      thumbnailUrl: this.media.url(r.thumbnailKey),
      width: r.width,
      height: r.height,
      description: r.description,
      viewCount: r.viewCount,
      createdAt: r.createdAt.toISOString(),
    };
  }

  private async make(kind: PictureKind, passage: StoredPassage, recipe: Recipe, viewer: Viewer, paint: () => Promise<RenderedPicture>) {
    const picture = await this.render(paint);
    const id = randomId();
    const imageKey = `pictures/${kind}-${id}.webp`;
    const thumbnailKey = `pictures/${kind}-${id}-thumb.webp`;
    await this.store(imageKey, thumbnailKey, picture);
    return this.repository.insert({
      id,
      kind,
      reference: passage.reference,
      translation: passage.translation,
      verseText: kind === 'chapter' || kind === 'prayer' ? '' : passage.text,
      description: picture.description,
      recipe,
      engine: this.engine.id,
      imageKey,
      thumbnailKey,
      width: picture.width,
      height: picture.height,
      userId: viewer.kind === 'user' ? viewer.userId : null,
    });
  }

  private async render(paint: () => Promise<RenderedPicture>): Promise<RenderedPicture> {
    try {
      return await paint();
    } catch (error) {
      if (isQueueFull(error)) throw new Busy(BUSY);
      throw error;
    }
  }

  private async store(imageKey: string, thumbnailKey: string, picture: RenderedPicture): Promise<void> {
    await this.media.put(thumbnailKey, picture.thumbnail, 'image/webp');
    await this.media.put(imageKey, picture.image, 'image/webp');
  }
}

export interface PrayerPictureUrls {
  id: string;
  imageUrl: string;
  thumbnailUrl: string;
  description: string;
}

function storedChapterLabel(bible: BibleService, reference: string): string {
  const range = bible.reference(reference);
  return formatReference({ ...range, verse: undefined, endVerse: undefined, endChapter: range.chapter });
}
