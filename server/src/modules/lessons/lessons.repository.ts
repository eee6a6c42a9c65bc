import { and, asc, count, desc, eq, inArray, isNull, lte, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { authors, lessons, users } from '../../db/schema.ts';

export type LessonRow = typeof lessons.$inferSelect;
export type AuthorRow = typeof authors.$inferSelect;
export type LessonWithAuthor = { lesson: LessonRow; author: AuthorRow };

/** SQL for lessons and their authors. "Live" is published with a time that has come. */
export class LessonsRepository {
  constructor(private readonly db: Db) {}

  private live(now: Date) {
    return and(eq(lessons.status, 'published'), lte(lessons.publishedAt, now));
  }

  private withAuthor() {
    return this.db.select({ lesson: lessons, author: authors }).from(lessons).innerJoin(authors, eq(lessons.authorId, authors.id));
  }

  async latest(now: Date, limit: number, offset = 0): Promise<LessonWithAuthor[]> {
    return this.withAuthor().where(this.live(now)).orderBy(desc(lessons.publishedAt), desc(lessons.id)).limit(limit).offset(offset);
  }

  async countLive(now: Date): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(lessons).where(this.live(now));
    return row?.n ?? 0;
  }

  async liveBySlug(slug: string, now: Date): Promise<LessonWithAuthor | undefined> {
    const [row] = await this.withAuthor().where(and(eq(lessons.slug, slug), this.live(now)));
    return row;
  }

  /** Published lessons (live or scheduled) that have no hero picture yet, oldest first. */
  async publishedWithoutHero(limit: number): Promise<Pick<LessonRow, 'id' | 'title' | 'excerpt'>[]> {
    return this.db
      .select({ id: lessons.id, title: lessons.title, excerpt: lessons.excerpt })
      .from(lessons)
      .where(and(eq(lessons.status, 'published'), isNull(lessons.heroImageUrl)))
      .orderBy(asc(lessons.createdAt))
      .limit(limit);
  }

  /** Sets a painted picture unless the lesson has one by now (its author's upload wins); answers whether it did. */
  async setHeroIfNone(id: string, url: string): Promise<boolean> {
    const set = await this.db
      .update(lessons)
      .set({ heroImageUrl: url })
      .where(and(eq(lessons.id, id), isNull(lessons.heroImageUrl)))
      .returning({ id: lessons.id });
    return set.length > 0;
  }

  /** Other live lessons, the same author's first, then the newest. */
  async related(lesson: LessonRow, now: Date, limit: number): Promise<LessonWithAuthor[]> {
    return this.withAuthor()
      .where(and(this.live(now), ne(lessons.id, lesson.id)))
      .orderBy(sql`(${lessons.authorId} = ${lesson.authorId}) desc`, desc(lessons.publishedAt))
      .limit(limit);
  }

  async liveByAuthor(authorId: string, now: Date, limit: number): Promise<LessonWithAuthor[]> {
    return this.withAuthor()
      .where(and(this.live(now), eq(lessons.authorId, authorId)))
      .orderBy(desc(lessons.publishedAt))
      .limit(limit);
  }

  async author(by: { id: string } | { slug: string }): Promise<AuthorRow | undefined> {
    const [row] = await this.db
      .select()
      .from(authors)
      .where('id' in by ? eq(authors.id, by.id) : eq(authors.slug, by.slug));
    return row;
  }

  // --- Writing --------------------------------------------------------------------------------------

  async byId(id: string): Promise<LessonWithAuthor | undefined> {
    const [row] = await this.withAuthor().where(eq(lessons.id, id));
    return row;
  }

  async slugTaken(slug: string, exceptId?: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: lessons.id })
      .from(lessons)
      .where(and(eq(lessons.slug, slug), exceptId ? ne(lessons.id, exceptId) : undefined));
    return row !== undefined;
  }

  /** Every lesson for the admin list (drafts, then the latest publication first), or only those of some authors, or the one with a slug. */
  async all(limit: number, authorIds?: string[], slug?: string): Promise<LessonWithAuthor[]> {
    if (authorIds?.length === 0) return [];
    return (
      this.withAuthor()
        .where(and(authorIds ? inArray(lessons.authorId, authorIds) : undefined, slug ? eq(lessons.slug, slug) : undefined))
        // Drafts first (they are being written), then by publication, the scheduled ones ahead.
        .orderBy(sql`${lessons.publishedAt} desc nulls first`, desc(lessons.updatedAt))
        .limit(limit)
    );
  }

  async insert(row: Omit<LessonRow, 'createdAt' | 'updatedAt'> & { createdAt?: Date }): Promise<void> {
    await this.db.insert(lessons).values(row);
  }

  async update(id: string, values: Partial<Omit<LessonRow, 'id' | 'createdAt'>>): Promise<void> {
    await this.db
      .update(lessons)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(lessons.id, id));
  }

  async remove(id: string): Promise<void> {
    await this.db.delete(lessons).where(eq(lessons.id, id));
  }

  // --- Authors --------------------------------------------------------------------------------------

  async authors(): Promise<(AuthorRow & { userEmail: string | null; lessonCount: number })[]> {
    const rows = await this.db
      .select({
        author: authors,
        userEmail: users.email,
        lessonCount: sql<number>`(select count(*) from ${lessons} where ${lessons.authorId} = ${authors.id})::int`,
      })
      .from(authors)
      .leftJoin(users, eq(authors.userId, users.id))
      .orderBy(authors.name)
      .limit(500);
    return rows.map((r) => ({ ...r.author, userEmail: r.userEmail, lessonCount: r.lessonCount }));
  }

  async authorsOfUser(userId: string): Promise<AuthorRow[]> {
    return this.db.select().from(authors).where(eq(authors.userId, userId));
  }

  async authorSlugTaken(slug: string, exceptId?: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: authors.id })
      .from(authors)
      .where(and(eq(authors.slug, slug), exceptId ? ne(authors.id, exceptId) : undefined));
    return row !== undefined;
  }

  async insertAuthor(row: Omit<AuthorRow, 'createdAt' | 'updatedAt'>): Promise<void> {
    await this.db.insert(authors).values(row);
  }

  async updateAuthor(id: string, values: Partial<Omit<AuthorRow, 'id' | 'createdAt'>>): Promise<void> {
    await this.db
      .update(authors)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(authors.id, id));
  }

  async userIdByEmail(email: string): Promise<string | undefined> {
    const [row] = await this.db.select({ id: users.id }).from(users).where(eq(users.email, email.toLowerCase()));
    return row?.id;
  }
}
