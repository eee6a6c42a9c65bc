import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { TopicMatchesReply, TopicReply, TopicsReply } from '#common/contracts/study-tools.ts';
import { apiGet } from '../../../lib/api-client.ts';
import { SITE_NAME, type PageHead } from '../../../lib/page-head.ts';

export const TOPICS_TITLE = 'Topical Index';
/** Topics a page of the index lists. */
export const TOPICS_PAGE_SIZE = 100;
const FIVE_MINUTES = 5 * 60_000;

/** A topic's address: its name in lower case ("/topics/forgiveness"); the server reads any case. */
export const topicPath = (name: string) => `/topics/${encodeURIComponent(name.toLowerCase())}`;

export interface TopicsListParams {
  q?: string;
  letter?: string;
  page?: number;
}

export const topicsQuery = ({ q, letter, page = 1 }: TopicsListParams) =>
  queryOptions({
    queryKey: ['study-tools', 'topics', { q: q ?? '', letter: letter ?? '', page }],
    queryFn: () => {
      const qs = new URLSearchParams({ offset: String((page - 1) * TOPICS_PAGE_SIZE), limit: String(TOPICS_PAGE_SIZE) });
      if (q) qs.set('q', q);
      if (letter) qs.set('letter', letter);
      return apiGet<TopicsReply>(`/api/study-tools/topics?${qs}`);
    },
    staleTime: FIVE_MINUTES,
  });

/** A topic, a page at a time: the first page with the page's head, later ones as the reader asks for more (Nave's "GOD" has 24). */
export const topicQuery = (name: string, translation: string) =>
  infiniteQueryOptions({
    queryKey: ['study-tools', 'topic', name.toLowerCase(), translation],
    queryFn: ({ pageParam }) =>
      apiGet<TopicReply>(
        `/api/study-tools/topics/${encodeURIComponent(name)}?${new URLSearchParams({ translation, ...(pageParam > 1 ? { page: String(pageParam) } : {}) })}`,
      ),
    initialPageParam: 1,
    getNextPageParam: (last: TopicReply) => (last.page < last.pageCount ? last.page + 1 : undefined),
    staleTime: FIVE_MINUTES,
  });

/** The topics a search's words name (GET /api/study-tools/topic-matches), for the search page. */
export const topicMatchesQuery = (q: string) =>
  queryOptions({
    queryKey: ['study-tools', 'topic-matches', q],
    queryFn: () => apiGet<TopicMatchesReply>(`/api/study-tools/topic-matches?${new URLSearchParams({ q })}`),
    staleTime: FIVE_MINUTES,
  });

/** Head data of the index; a search or a letter is not a page for search engines. */
export function topicsHead({ q, letter, page }: TopicsListParams): PageHead {
  const filtered = Boolean(q || letter || (page ?? 1) > 1);
  return {
    title: `${TOPICS_TITLE} — ${SITE_NAME}`,
    description: 'Subjects of the Bible, A to Z, each with the passages on it, from the topical indexes installed on this site (Nave’s Topical Bible).',
    canonical: '/topics',
    noindex: filtered,
  };
}

/** Head data of one topic: its name, its source and how many passages it lists. */
export function topicHead(topic: TopicReply): PageHead {
  const headings = topic.headings
    .map((h) => h.title)
    .filter(Boolean)
    .slice(0, 4);
  return {
    title: `${topic.title} — ${TOPICS_TITLE} — ${SITE_NAME}`,
    description:
      `${topic.title} in ${topic.source}: ${topic.referenceCount} Bible passages${headings.length > 0 ? `, on ${headings.join('; ').toLowerCase()}` : ''}.`.slice(
        0,
        200,
      ),
    canonical: topicPath(topic.name),
    type: 'article',
  };
}
