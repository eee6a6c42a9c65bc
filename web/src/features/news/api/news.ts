import { queryOptions } from '@tanstack/react-query';
import type { NewsPage, NewsPost } from '#common/contracts/news.ts';
import { ApiError, apiGet } from '../../../lib/api-client.ts';

/** Every news query starts with this key: an editor's change invalidates them all at once. */
export const NEWS_KEY = 'news';

/** GET /api/news?page=N: a page of the published posts, newest first (drafts are never asked for here). */
export const newsPageQuery = (page: number) =>
  queryOptions({
    queryKey: [NEWS_KEY, 'public', 'page', page],
    queryFn: async (): Promise<NewsPage> => {
      const data = await apiGet<NewsPage>(`/api/news?page=${page}`);
      return { ...data, posts: data.posts.filter((post) => post.status === 'published') };
    },
  });

/**
 * GET /api/news/{id}: a published post. A draft is no public page, even for an editor whose browser
 * is allowed to read it: it is answered as the 404 it is for everyone else.
 */
export const newsPostQuery = (id: string) =>
  queryOptions({
    queryKey: [NEWS_KEY, 'public', 'post', id],
    queryFn: async (): Promise<NewsPost> => {
      const post = await apiGet<NewsPost>(`/api/news/${encodeURIComponent(id)}`);
      if (post.status !== 'published') throw new ApiError(404, JSON.stringify({ message: 'News post not found' }), 'Not Found');
      return post;
    },
  });
