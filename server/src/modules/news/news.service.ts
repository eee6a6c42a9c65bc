import { randomUUID } from 'node:crypto';
import { NEWS_PAGE_SIZE, newsInput, type NewsInput, type NewsPage, type NewsPost } from '#common/contracts/news.ts';
import { NotFound } from '../../lib/errors.ts';
import type { AuditLog } from '../../access/audit-log.ts';
import type { Staff } from '../../access/staff.ts';
import type { NewsRepository, NewsRow } from './news.repository.ts';

export const NO_POST = 'There is no news post at this address.';
const ADMIN_LIST = 200;

const toPost = (row: NewsRow): NewsPost => ({
  id: row.id,
  title: row.title,
  body: row.body,
  status: row.status === 'published' ? 'published' : 'draft',
  publishedAt: row.publishedAt?.toISOString() ?? null,
  heroImageUrl: row.heroImageUrl,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** News about the site: readers see published posts; admins write, publish and unpublish them. */
export class NewsService {
  constructor(
    private readonly repository: NewsRepository,
    private readonly audit: AuditLog,
    private readonly changed: () => void = () => {},
    private readonly now: () => Date = () => new Date(),
  ) {}

  async page(page: number): Promise<NewsPage> {
    const { rows, total } = await this.repository.livePage(this.now(), NEWS_PAGE_SIZE, (page - 1) * NEWS_PAGE_SIZE);
    return { posts: rows.map(toPost), page, pageCount: Math.max(1, Math.ceil(total / NEWS_PAGE_SIZE)), total };
  }

  /** A published post; a draft only for an admin (who is editing it). */
  async post(id: string, staff?: Staff): Promise<NewsPost> {
    const row = await this.repository.byId(id, staff?.role === 'admin' ? undefined : this.now());
    if (!row) throw new NotFound(NO_POST);
    return toPost(row);
  }

  async adminList(): Promise<NewsPost[]> {
    return (await this.repository.all(ADMIN_LIST)).map(toPost);
  }

  async create(staff: Staff, raw: NewsInput): Promise<NewsPost> {
    const input = newsInput.parse(raw);
    const id = randomUUID();
    const published = input.status === 'published';
    await this.repository.insert({ id, title: input.title, body: input.body, status: input.status, publishedAt: published ? this.now() : null });
    await this.audit.record(staff, published ? 'news.publish' : 'news.create', `news ${id}`, input.title);
    if (published) this.changed();
    return this.post(id, staff);
  }

  async update(staff: Staff, id: string, raw: NewsInput): Promise<NewsPost> {
    const input = newsInput.parse(raw);
    const before = await this.post(id, staff);
    const publishing = input.status === 'published';
    // The first publication dates the post; editing or republishing it later keeps that date.
    const publishedAt = publishing
      ? before.publishedAt
        ? new Date(before.publishedAt)
        : this.now()
      : before.publishedAt
        ? new Date(before.publishedAt)
        : null;
    await this.repository.update(id, { title: input.title, body: input.body, status: input.status, publishedAt });
    const action = publishing && before.status !== 'published' ? 'news.publish' : !publishing && before.status === 'published' ? 'news.unpublish' : 'news.edit';
    await this.audit.record(staff, action, `news ${id}`, input.title);
    this.changed();
    return this.post(id, staff);
  }

  /** A post from a content folder, by its id (the file's name): added, or its text updated (its date stays). */
  async importPost(staff: Staff, post: { id: string; title: string; body: string; draft: boolean; publishedAt: Date }): Promise<'added' | 'updated'> {
    const existing = await this.repository.byId(post.id);
    const status = post.draft ? 'draft' : 'published';
    if (existing)
      await this.repository.update(post.id, {
        title: post.title,
        body: post.body,
        status,
        publishedAt: existing.publishedAt ?? (post.draft ? null : post.publishedAt),
      });
    else await this.repository.insert({ id: post.id, title: post.title, body: post.body, status, publishedAt: post.draft ? null : post.publishedAt });
    await this.audit.record(staff, 'news.import', `news ${post.id}`, post.title);
    this.changed();
    return existing ? 'updated' : 'added';
  }

  // Painted pictures (hero-pictures/hero-painter.ts).
  readonly kind = 'news';

  async withoutPicture(limit: number): Promise<{ id: string; title: string; text: string }[]> {
    return (await this.repository.publishedWithoutHero(limit)).map((p) => ({ id: p.id, title: p.title, text: p.body }));
  }

  setPictureIfNone(id: string, url: string): Promise<boolean> {
    return this.repository.setHeroIfNone(id, url);
  }

  async remove(staff: Staff, id: string): Promise<void> {
    const before = await this.post(id, staff);
    await this.repository.remove(id);
    await this.audit.record(staff, 'news.delete', `news ${id}`, before.title);
    this.changed();
  }
}
