import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { SharedVerse } from '#common/contracts/pictures.ts';
import type { FontStyle } from '#common/pictures/rules.ts';
import { Forbidden, Invalid, NotFound } from '../../lib/errors.ts';
import { requireUser, type Viewer } from '../../access/viewer.ts';
import type { BibleService } from '../bible/bible.service.ts';
import type { PicturesService } from './pictures.service.ts';
import type { PictureRow, PicturesRepository, SharedVerseRow } from './pictures.repository.ts';
import { randomId } from './random-id.ts';
import { storedPassage } from './stored-passage.ts';

const PAGE = 20;
const NOT_HERE = 'There is no shared verse with that code.';
const hashOf = (key: string) => createHash('sha256').update(key).digest();

export interface ShareInput {
  verseText: string;
  reference: string;
  translation: string;
  backgroundColor: string;
  textColor: string;
  fontStyle: FontStyle;
  isPublic: boolean | 0 | 1;
  customGraphicUrl?: string | null;
}

/**
 * Spec §3/§7 shared verses: a verse published at /shared/{code} with a graphic — the person's custom
 * one, or a card made in their colours when they share. The words are the store's, checked when shared.
 * A signed-in person's shares are theirs by account; a guest's by a key only their browser was given.
 */
export class SharedVersesService {
  constructor(
    private readonly bible: BibleService,
    private readonly pictures: PicturesService,
    private readonly repository: PicturesRepository,
  ) {}

  async create(viewer: Viewer, address: string, input: ShareInput): Promise<{ shareCode: string; ownerKey?: string }> {
    const passage = storedPassage(this.bible, input.reference, input.translation, input.verseText);
    let picture: PictureRow;
    if (input.customGraphicUrl) {
      const graphic = await this.pictures.graphicAt(input.customGraphicUrl);
      if (!graphic) throw new Invalid('That graphic was not made here. Generate a graphic in the share dialog, or share without one.');
      if (graphic.reference !== passage.reference || graphic.translation !== passage.translation) {
        throw new Invalid(`That graphic was made for ${graphic.reference} (${graphic.translation}), not ${passage.reference} (${passage.translation}).`);
      }
      picture = graphic;
    } else {
      picture = await this.pictures.makeCard(viewer, address, passage, input);
    }
    const ownerKey = viewer.kind === 'guest' ? randomBytes(24).toString('base64url') : undefined;
    const saved = await this.repository.insertShared({
      shareCode: randomId(10),
      reference: passage.reference,
      translation: passage.translation,
      verseText: passage.text,
      backgroundColor: input.backgroundColor,
      textColor: input.textColor,
      fontStyle: input.fontStyle,
      isPublic: Boolean(input.isPublic),
      pictureId: picture.id,
      userId: viewer.kind === 'user' ? viewer.userId : null,
      ownerKeyHash: ownerKey && hashOf(ownerKey).toString('hex'),
    });
    return { shareCode: saved.shareCode, ...(ownerKey ? { ownerKey } : {}) };
  }

  async get(code: string): Promise<SharedVerse & { isPublic: boolean }> {
    const found = await this.repository.findShared(code);
    if (!found) throw new NotFound(NOT_HERE);
    return { ...this.view(found.shared, found.picture), isPublic: found.shared.isPublic };
  }

  async mine(viewer: Viewer, cursor: string | undefined): Promise<{ items: SharedVerse[]; nextCursor: string | null }> {
    const user = requireUser(viewer, 'Sign in to see the verses you shared from every device.');
    const before = parseCursor(cursor);
    const rows = await this.repository.listShared(user.userId, before, PAGE + 1);
    const items = rows.slice(0, PAGE).map((r) => this.view(r.shared, r.picture));
    const last = rows.length > PAGE ? rows[PAGE - 1]!.shared : undefined;
    return { items, nextCursor: last ? `${last.createdAt.toISOString()}_${last.shareCode}` : null };
  }

  async remove(viewer: Viewer, code: string, ownerKey: string | undefined): Promise<void> {
    const found = await this.repository.findShared(code);
    if (!found) throw new NotFound(NOT_HERE);
    const { shared } = found;
    const byAccount = viewer.kind === 'user' && shared.userId === viewer.userId;
    const byKey = Boolean(ownerKey && shared.ownerKeyHash && timingSafeEqual(hashOf(ownerKey), Buffer.from(shared.ownerKeyHash, 'hex')));
    if (!byAccount && !byKey) throw new Forbidden('Only the person who shared this verse can delete it.');
    await this.pictures.removeShare(code);
  }

  /**
   * A guest's shares into the account they signed up or in with: each key is the proof that the
   * browser sending it made the share, as for deleting one. Shares already in an account stay there.
   */
  async claim(viewer: Viewer, ownerKeys: readonly string[]): Promise<{ moved: number }> {
    const user = requireUser(viewer, 'Sign in to keep the verses you shared in your account.');
    const hashes = [...new Set(ownerKeys)].map((key) => hashOf(key).toString('hex'));
    return { moved: await this.repository.claimShared(user.userId, hashes) };
  }

  private view(shared: SharedVerseRow, picture: PictureRow): SharedVerse {
    return {
      shareCode: shared.shareCode,
      reference: shared.reference,
      translation: shared.translation,
      verseText: this.currentText(shared),
      backgroundColor: shared.backgroundColor,
      textColor: shared.textColor,
      fontStyle: shared.fontStyle as FontStyle,
      imageUrl: this.pictures.shareGraphic(picture).imageUrl,
      width: picture.width,
      height: picture.height,
      createdAt: shared.createdAt.toISOString(),
    };
  }

  /** The store's text read again (a corrected text shows corrected); the kept words if the translation is gone. */
  private currentText(shared: SharedVerseRow): string {
    if (!this.bible.hasTranslation(shared.translation) || this.bible.isLicensed(shared.translation)) return shared.verseText;
    const verses = this.bible.passageVerses(this.bible.translation(shared.translation), this.bible.reference(shared.reference), 8);
    return verses.length > 0 ? verses.map((v) => v.text).join(' ') : shared.verseText;
  }
}

function parseCursor(cursor: string | undefined): { createdAt: Date; code: string } | undefined {
  if (!cursor) return undefined;
  const [at, code] = cursor.split('_');
  const createdAt = new Date(at ?? '');
  if (Number.isNaN(createdAt.getTime()) || !code || !/^[a-z0-9]{6,32}$/.test(code)) throw new Invalid('That page of shared verses does not exist.');
  return { createdAt, code };
}
