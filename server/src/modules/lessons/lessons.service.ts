import { createHash, randomUUID } from 'node:crypto';
import type { AdminAuthor, AdminLesson, Article, AuthorInput, AuthorProfile, LessonDetail, LessonInput, LessonsPage } from '#common/contracts/lessons.ts';
import { LESSONS_PAGE_SIZE, authorInput, lessonInput } from '#common/contracts/lessons.ts';
import { Conflict, Forbidden, Invalid, NotFound } from '../../lib/errors.ts';
import type { MediaStore } from '../../providers/storage/media-store.ts';
import type { BibleService } from '../bible/bible.service.ts';
import type { AuditLog } from '../../access/audit-log.ts';
import type { Staff } from '../../access/staff.ts';
import { reencodeImage } from '../media/reencode-image.ts';
import { lessonReferences, readTimeMinutes, slugify } from './lesson-text.ts';
import type { AuthorRow, LessonsRepository, LessonWithAuthor } from './lessons.repository.ts';

const RELATED = 3;
const AUTHOR_LESSONS = 50;
const ADMIN_LIST = 200;
/** A hero picture is shown full width on a wide screen; 1600 px covers it at 2× for most layouts. */
const HERO_SIDE = 1600;
/** An author's picture is a small round avatar: a 400 px square covers its largest size (112 px) at 3×. */
const AUTHOR_PICTURE_SIDE = 400;
export const HERO_UNREADABLE = 'Choose a PNG, JPEG or WebP image.';
export const NO_LESSON = 'There is no lesson at this address.';
export const NO_AUTHOR = 'There is no author at this address.';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toArticle({ lesson, author }: LessonWithAuthor): Article {
  return {
    id: lesson.id,
    slug: lesson.slug,
    title: lesson.title,
    excerpt: lesson.excerpt,
    metaDescription: lesson.metaDescription || lesson.excerpt,
    heroImageUrl: lesson.heroImageUrl,
    readTimeMin: lesson.readTimeMin,
    publishedAt: iso(lesson.publishedAt),
    createdAt: lesson.createdAt.toISOString(),
    author: { id: author.id, slug: author.slug, name: author.name, profileImageUrl: author.profileImageUrl },
  };
}

/**
 * Lessons and their authors: what readers see (published lessons whose time has come) and what the
 * admin panel writes. Authors write only as the author profiles linked to their account; admins as anyone.
 */
export class LessonsService {
  constructor(
    private readonly repository: LessonsRepository,
    private readonly bible: BibleService,
    private readonly media: MediaStore,
    private readonly audit: AuditLog,
    /** Told after every change readers can see, so cached pages are made again. */
    private readonly changed: () => void = () => {},
    private readonly now: () => Date = () => new Date(),
  ) {}

  async latest(limit: number): Promise<Article[]> {
    return (await this.repository.latest(this.now(), limit)).map(toArticle);
  }

  async page(page: number): Promise<LessonsPage> {
    const now = this.now();
    const [rows, total] = await Promise.all([this.repository.latest(now, LESSONS_PAGE_SIZE, (page - 1) * LESSONS_PAGE_SIZE), this.repository.countLive(now)]);
    return { articles: rows.map(toArticle), page, pageCount: Math.max(1, Math.ceil(total / LESSONS_PAGE_SIZE)), total };
  }

  async detail(slug: string): Promise<LessonDetail> {
    const now = this.now();
    const found = await this.repository.liveBySlug(slug.toLowerCase(), now);
    if (!found) throw new NotFound(NO_LESSON);
    const related = await this.repository.related(found.lesson, now, RELATED);
    return {
      ...toArticle(found),
      body: found.lesson.body,
      references: lessonReferences(found.lesson.body, this.bible),
      author: { ...toArticle(found).author, bio: found.author.bio },
      related: related.map(toArticle),
    };
  }

  async author(by: { id: string } | { slug: string }): Promise<AuthorProfile> {
    const author = await this.repository.author(by);
    if (!author) throw new NotFound(NO_AUTHOR);
    const lessons = await this.repository.liveByAuthor(author.id, this.now(), AUTHOR_LESSONS);
    return { id: author.id, slug: author.slug, name: author.name, bio: author.bio, profileImageUrl: author.profileImageUrl, lessons: lessons.map(toArticle) };
  }

  /** Every published lesson for the feed, newest first. */
  async forFeed(limit: number): Promise<LessonWithAuthor[]> {
    return this.repository.latest(this.now(), limit);
  }

  // --- The admin panel ------------------------------------------------------------------------------

  preview(body: string) {
    return { references: lessonReferences(body, this.bible), readTimeMin: readTimeMinutes(body) };
  }

  async adminList(staff: Staff): Promise<AdminLesson[]> {
    const mine = staff.role === 'admin' ? undefined : (await this.repository.authorsOfUser(staff.userId ?? '')).map((a) => a.id);
    return (await this.repository.all(ADMIN_LIST, mine)).map((row) => this.toAdmin(row));
  }

  async adminLesson(staff: Staff, id: string): Promise<AdminLesson> {
    return this.toAdmin(await this.writable(staff, id));
  }

  async create(staff: Staff, raw: LessonInput): Promise<AdminLesson> {
    const input = lessonInput.parse(raw);
    await this.mayWriteAs(staff, input.authorId);
    const slug = await this.freeSlug(input.slug, input.title);
    const id = randomUUID();
    const published = input.status === 'published';
    await this.repository.insert({
      id,
      slug,
      title: input.title,
      excerpt: input.excerpt,
      metaDescription: input.metaDescription,
      body: input.body,
      heroImageUrl: null,
      authorId: input.authorId,
      status: input.status,
      publishedAt: published ? (input.publishAt ? new Date(input.publishAt) : this.now()) : null,
      readTimeMin: readTimeMinutes(input.body),
    });
    await this.audit.record(staff, published ? 'lesson.publish' : 'lesson.create', `lesson ${slug}`, input.title);
    if (published) this.changed();
    return this.adminLesson(staff, id);
  }

  async update(staff: Staff, id: string, raw: LessonInput): Promise<AdminLesson> {
    const input = lessonInput.parse(raw);
    const { lesson } = await this.writable(staff, id);
    await this.mayWriteAs(staff, input.authorId);
    // Once readers may have the address, it stays: links to a lesson must keep working.
    const everPublished = lesson.publishedAt !== null && lesson.status === 'published';
    let slug = lesson.slug;
    if (input.slug && input.slug !== lesson.slug) {
      if (everPublished) throw new Invalid('A published lesson keeps its address. Unpublish it first to change the slug.');
      if (await this.repository.slugTaken(input.slug, id)) throw new Conflict('Another lesson already uses this slug.');
      slug = input.slug;
    }
    const publishing = input.status === 'published';
    const publishedAt = publishing ? (input.publishAt ? new Date(input.publishAt) : (lesson.publishedAt ?? this.now())) : lesson.publishedAt;
    await this.repository.update(id, {
      slug,
      title: input.title,
      excerpt: input.excerpt,
      metaDescription: input.metaDescription,
      body: input.body,
      authorId: input.authorId,
      status: input.status,
      publishedAt,
      readTimeMin: readTimeMinutes(input.body),
    });
    const action =
      publishing && lesson.status !== 'published' ? 'lesson.publish' : !publishing && lesson.status === 'published' ? 'lesson.unpublish' : 'lesson.edit';
    await this.audit.record(staff, action, `lesson ${slug}`, input.title);
    this.changed();
    return this.adminLesson(staff, id);
  }

  async remove(staff: Staff, id: string): Promise<void> {
    const { lesson } = await this.writable(staff, id);
    await this.repository.remove(id);
    await this.audit.record(staff, 'lesson.delete', `lesson ${lesson.slug}`, lesson.title);
    this.changed();
  }

  /** The hero picture, re-encoded (upright, at most 1600 px, WebP, no metadata) and stored under its hash. */
  async setHero(staff: Staff, id: string, bytes: Buffer): Promise<AdminLesson> {
    const { lesson } = await this.writable(staff, id);
    const picture = await reencodeImage(bytes, HERO_SIDE, HERO_UNREADABLE);
    const key = `lesson/${createHash('sha256').update(picture).digest('hex').slice(0, 32)}.webp`;
    await this.media.put(key, picture, 'image/webp');
    await this.repository.update(id, { heroImageUrl: this.media.url(key) });
    await this.audit.record(staff, 'lesson.hero', `lesson ${lesson.slug}`);
    this.changed();
    return this.adminLesson(staff, id);
  }

  async removeHero(staff: Staff, id: string): Promise<AdminLesson> {
    const { lesson } = await this.writable(staff, id);
    await this.repository.update(id, { heroImageUrl: null });
    await this.audit.record(staff, 'lesson.hero-remove', `lesson ${lesson.slug}`);
    this.changed();
    return this.adminLesson(staff, id);
  }

  // --- Painted pictures (hero-pictures/hero-painter.ts) ---------------------------------------------

  readonly kind = 'lesson';

  async withoutPicture(limit: number): Promise<{ id: string; title: string; text: string }[]> {
    return (await this.repository.publishedWithoutHero(limit)).map((l) => ({ id: l.id, title: l.title, text: l.excerpt }));
  }

  setPictureIfNone(id: string, url: string): Promise<boolean> {
    return this.repository.setHeroIfNone(id, url);
  }

  // --- Authors --------------------------------------------------------------------------------------

  /** Admins see every author; an author sees the profiles they write as (to choose one). */
  async adminAuthors(staff: Staff): Promise<AdminAuthor[]> {
    const all = await this.repository.authors();
    const mine = staff.role === 'admin' ? all : all.filter((a) => a.userId === staff.userId);
    return mine.map(({ id, slug, name, bio, profileImageUrl, userEmail, lessonCount }) => ({ id, slug, name, bio, profileImageUrl, userEmail, lessonCount }));
  }

  async saveAuthor(staff: Staff, raw: AuthorInput, id?: string): Promise<AdminAuthor> {
    const input = authorInput.parse(raw);
    const userId = input.userEmail ? ((await this.repository.userIdByEmail(input.userEmail)) ?? null) : null;
    if (input.userEmail && !userId) throw new Invalid(`No account has the email ${input.userEmail}.`);
    let slug: string;
    if (id) {
      const existing = await this.repository.author({ id });
      if (!existing) throw new NotFound(NO_AUTHOR);
      slug = input.slug ?? existing.slug;
      if (slug !== existing.slug && (await this.repository.authorSlugTaken(slug, id))) throw new Conflict('Another author already uses this slug.');
      await this.repository.updateAuthor(id, { name: input.name, slug, bio: input.bio, userId });
    } else {
      slug = input.slug ?? slugify(input.name);
      if (await this.repository.authorSlugTaken(slug)) throw new Conflict('Another author already uses this slug.');
      id = randomUUID();
      await this.repository.insertAuthor({ id, name: input.name, slug, bio: input.bio, userId, profileImageUrl: null });
    }
    await this.audit.record(staff, 'author.save', `author ${slug}`, input.name);
    this.changed();
    const saved = (await this.adminAuthors(staff)).find((a) => a.id === id);
    return saved!;
  }

  /** The author's picture, square-cropped to 400 × 400, re-encoded like a hero picture and stored under its hash. */
  async setAuthorPicture(staff: Staff, id: string, bytes: Buffer): Promise<AdminAuthor> {
    const author = await this.repository.author({ id });
    if (!author) throw new NotFound(NO_AUTHOR);
    await this.repository.updateAuthor(id, { profileImageUrl: await this.storeAuthorPicture(bytes) });
    await this.audit.record(staff, 'author.picture', `author ${author.slug}`, author.name);
    this.changed();
    return (await this.adminAuthors(staff)).find((a) => a.id === id)!;
  }

  async removeAuthorPicture(staff: Staff, id: string): Promise<AdminAuthor> {
    const author = await this.repository.author({ id });
    if (!author) throw new NotFound(NO_AUTHOR);
    await this.repository.updateAuthor(id, { profileImageUrl: null });
    await this.audit.record(staff, 'author.picture-remove', `author ${author.slug}`, author.name);
    this.changed();
    return (await this.adminAuthors(staff)).find((a) => a.id === id)!;
  }

  /** Re-encodes an author's picture and stores it; its address, or a 400 when the bytes are not a picture. */
  async storeAuthorPicture(bytes: Buffer): Promise<string> {
    const picture = await reencodeImage(bytes, AUTHOR_PICTURE_SIDE, HERO_UNREADABLE, { square: true });
    const key = `author/${createHash('sha256').update(picture).digest('hex').slice(0, 32)}.webp`;
    await this.media.put(key, picture, 'image/webp');
    return this.media.url(key);
  }

  // --- Content import -------------------------------------------------------------------------------

  /**
   * An author from a content folder: added, or updated when the slug is already here. `profileImageUrl` is
   * a picture already stored (`storeAuthorPicture`); without one, a picture set in the panel stays.
   */
  async importAuthor(staff: Staff, author: { slug: string; name: string; bio: string; profileImageUrl?: string }): Promise<'added' | 'updated'> {
    const existing = await this.repository.author({ slug: author.slug });
    const picture = author.profileImageUrl ? { profileImageUrl: author.profileImageUrl } : {};
    if (existing) await this.repository.updateAuthor(existing.id, { name: author.name, bio: author.bio, ...picture });
    else
      await this.repository.insertAuthor({
        id: randomUUID(),
        slug: author.slug,
        name: author.name,
        bio: author.bio,
        userId: null,
        profileImageUrl: author.profileImageUrl ?? null,
      });
    await this.audit.record(staff, 'author.import', `author ${author.slug}`, author.name);
    return existing ? 'updated' : 'added';
  }

  /** A lesson from a content folder, by its slug: added, or its text updated (its address and date stay). */
  async importLesson(
    staff: Staff,
    lesson: { slug: string; title: string; author: string; excerpt: string; metaDescription: string; body: string; draft: boolean; publishedAt: Date },
  ): Promise<'added' | 'updated'> {
    const author = await this.repository.author({ slug: lesson.author });
    if (!author) throw new Invalid(`Lesson ${lesson.slug}: there is no author ${lesson.author}.`);
    const fields = {
      title: lesson.title,
      excerpt: lesson.excerpt,
      metaDescription: lesson.metaDescription,
      body: lesson.body,
      authorId: author.id,
      status: lesson.draft ? 'draft' : 'published',
      readTimeMin: readTimeMinutes(lesson.body),
    };
    const existing = (await this.repository.all(1, undefined, lesson.slug))[0];
    // A date once given stays; a draft published by a later import takes that import's date, or it
    // would be published with no date and never shown (every read asks for published_at <= now).
    const publishedAt = existing?.lesson.publishedAt ?? (lesson.draft ? null : lesson.publishedAt);
    if (existing) await this.repository.update(existing.lesson.id, { ...fields, publishedAt });
    else
      await this.repository.insert({
        id: randomUUID(),
        slug: lesson.slug,
        heroImageUrl: null,
        publishedAt,
        ...fields,
      });
    await this.audit.record(staff, 'lesson.import', `lesson ${lesson.slug}`, lesson.title);
    this.changed();
    return existing ? 'updated' : 'added';
  }

  // --- Rules ----------------------------------------------------------------------------------------

  private toAdmin(row: LessonWithAuthor): AdminLesson {
    const { lesson } = row;
    const status = lesson.status !== 'published' ? 'draft' : lesson.publishedAt && lesson.publishedAt > this.now() ? 'scheduled' : 'published';
    return { ...toArticle(row), body: lesson.body, status, updatedAt: lesson.updatedAt.toISOString() };
  }

  /** The lesson, if this person may change it: an admin any, an author those written as their profiles. */
  private async writable(staff: Staff, id: string): Promise<LessonWithAuthor> {
    const found = await this.repository.byId(id);
    if (!found) throw new NotFound(NO_LESSON);
    if (staff.role !== 'admin' && found.author.userId !== staff.userId) throw new Forbidden('You can change only your own lessons.');
    return found;
  }

  private async mayWriteAs(staff: Staff, authorId: string): Promise<AuthorRow> {
    const author = await this.repository.author({ id: authorId });
    if (!author) throw new Invalid('Choose an author.');
    if (staff.role !== 'admin' && author.userId !== staff.userId) throw new Forbidden('You can write only as yourself.');
    return author;
  }

  /** The slug asked for (refused when taken), else one made from the title, numbered if needed. */
  private async freeSlug(asked: string | undefined, title: string): Promise<string> {
    if (asked) {
      if (await this.repository.slugTaken(asked)) throw new Conflict('Another lesson already uses this slug.');
      return asked;
    }
    const base = slugify(title);
    for (let n = 1; ; n++) {
      const slug = n === 1 ? base : `${base}-${n}`;
      if (!(await this.repository.slugTaken(slug))) return slug;
    }
  }
}
