import type { NewsPage, NewsPost } from '#common/contracts/news.ts';
import { markdownSummary } from '../../../lib/markdown-text.ts';
import { SITE_NAME, type PageHead } from '../../../lib/page-head.ts';

export const NEWS_TITLE = 'News';
const NEWS_DESCRIPTION = `What is new on ${SITE_NAME}: features, changes and notes from the people who run it.`;

export const newsPostPath = (id: string) => `/news/${encodeURIComponent(id)}`;
export const newsListPath = (page = 1) => (page > 1 ? `/news?page=${page}` : '/news');

/** When a post came out: its publication time, else when it was written. */
export const newsDate = (post: Pick<NewsPost, 'publishedAt' | 'createdAt'>) => post.publishedAt ?? post.createdAt;

/** Head data of the news list; a page past the end is not for search engines. */
export function newsListHead(data: NewsPage, page: number): PageHead {
  const title = page > 1 ? `${NEWS_TITLE}, page ${page}` : NEWS_TITLE;
  return {
    title: `${title} — ${SITE_NAME}`,
    description: NEWS_DESCRIPTION,
    canonical: newsListPath(page),
    noindex: data.posts.length === 0 && page > 1,
  };
}

/** Head data of a post: its opening words as the description, and JSON-LD NewsArticle. */
export function newsPostHead(post: NewsPost): PageHead {
  const description = markdownSummary(post.body, 200) || NEWS_DESCRIPTION;
  return {
    title: `${post.title} — ${SITE_NAME}`,
    description,
    canonical: newsPostPath(post.id),
    type: 'article',
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'NewsArticle',
      headline: post.title,
      description,
      datePublished: newsDate(post),
      dateModified: post.updatedAt,
      publisher: { '@type': 'Organization', name: SITE_NAME, url: '/' },
      mainEntityOfPage: newsPostPath(post.id),
    },
  };
}
