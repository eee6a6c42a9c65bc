import { useQuery } from '@tanstack/react-query';
import { ArticlePage } from '../../../components/article/ArticlePage.tsx';
import { formatDate } from '#common/dates/format-date.ts';
import { NEWS_TITLE, newsDate } from '../api/news-pages.ts';
import { newsPostQuery } from '../api/news.ts';
import { NewsPicture } from '../components/NewsPicture.tsx';

/** /news/{id}: a published post, its Markdown rendered without raw HTML; the route's loader has put it in the cache. */
export function NewsPostPage({ id }: { id: string }) {
  const post = useQuery(newsPostQuery(id)).data!;
  const date = newsDate(post);
  return (
    <ArticlePage
      titleId="news-title"
      title={post.title}
      back={{ to: '/news', label: NEWS_TITLE }}
      className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-6 sm:px-6 sm:py-8"
      headerClassName="flex flex-col gap-2"
      byline={
        <time dateTime={date} className="text-sm text-stone-600 dark:text-stone-400">
          {formatDate(date)}
        </time>
      }
      picture={<NewsPicture post={post} className="aspect-[2/1] rounded-2xl" sizes="(min-width: 768px) 720px, 100vw" eager />}
      body={post.body}
    />
  );
}
