import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ChevronLeft } from 'lucide-react';
import { ScriptureMarkdown } from '../../../components/ScriptureMarkdown.tsx';
import { formatDate } from '#common/dates/format-date.ts';
import { NEWS_TITLE, newsDate } from '../api/news-pages.ts';
import { newsPostQuery } from '../api/news.ts';
import { LessonImage } from '../../lessons/components/LessonImage.tsx';

/** /news/{id}: a published post, its Markdown rendered without raw HTML; the route's loader has put it in the cache. */
export function NewsPostPage({ id }: { id: string }) {
  const post = useQuery(newsPostQuery(id)).data!;
  const date = newsDate(post);
  return (
    <article aria-labelledby="news-title" className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-6 sm:px-6 sm:py-8">
      <nav aria-label="Breadcrumb">
        <Link to="/news" className="button-ghost -ml-3 no-underline">
          <ChevronLeft aria-hidden size={18} />
          {NEWS_TITLE}
        </Link>
      </nav>
      <header className="flex flex-col gap-2">
        <h1 id="news-title" className="font-serif text-3xl leading-tight font-semibold tracking-tight text-balance sm:text-4xl">
          {post.title}
        </h1>
        <time dateTime={date} className="text-sm text-stone-600 dark:text-stone-400">
          {formatDate(date)}
        </time>
      </header>
      {post.heroImageUrl && (
        <LessonImage
          article={{ slug: post.id, title: post.title, heroImageUrl: post.heroImageUrl }}
          className="aspect-[2/1] rounded-2xl"
          sizes="(min-width: 768px) 720px, 100vw"
          eager
        />
      )}
      <ScriptureMarkdown text={post.body} className="article-body" />
    </article>
  );
}
