import { z } from 'zod';

export const NEWS_PAGE_SIZE = 10;

/** A news post about the site (spec §1 news; its fields are not given, so: what a reader and an editor need). */
export const newsPost = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  status: z.enum(['draft', 'published']),
  publishedAt: z.string().nullable(),
  /** A picture for the post: painted from its words once it is published (none before). */
  heroImageUrl: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type NewsPost = z.infer<typeof newsPost>;

/** GET /api/news?page=N: published posts, newest first (GET /api/admin/news lists drafts too, for admins). */
export const newsPageQuery = z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1) });
export const newsPage = z.object({ posts: z.array(newsPost), page: z.number().int(), pageCount: z.number().int(), total: z.number().int() });
export type NewsPage = z.infer<typeof newsPage>;

/** POST /api/admin/news and PUT /api/admin/news/{id}. */
export const newsInput = z.object({
  title: z.string({ error: 'Give the post a title.' }).trim().min(1, 'Give the post a title.').max(160, 'A title can be at most 160 characters.'),
  body: z.string({ error: 'Write the post.' }).trim().min(1, 'Write the post.').max(50_000, 'A post can be at most 50,000 characters.'),
  status: z.enum(['draft', 'published']).default('draft'),
});
export type NewsInput = z.input<typeof newsInput>;
