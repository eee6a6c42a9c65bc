import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ArticleCard, ArticleCardLink } from '../../../components/article/ArticleCard.tsx';
import { PageLinks } from '../../../components/PageLinks.tsx';
import { Newspaper } from 'lucide-react';
import { formatDate } from '#common/dates/format-date.ts';
import { markdownSummary } from '../../../lib/markdown-text.ts';
import { NewsPicture } from '../components/NewsPicture.tsx';
import { NEWS_TITLE, newsDate } from '../api/news-pages.ts';
import { newsPageQuery } from '../api/news.ts';

/** /news: the published posts about the site, newest first, a page at a time; the route's loader has put the page in the cache. */
export function NewsPage({ page }: { page: number }) {
  const data = useQuery(newsPageQuery(page)).data!;
  const pageCount = Math.max(1, data.pageCount);
  const pastTheEnd = data.posts.length === 0 && data.total > 0;

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8 sm:px-6">
      <header>
        <h1 className="font-serif text-3xl font-semibold tracking-tight">
          {NEWS_TITLE}
          {page > 1 && <span className="sr-only">, page {page}</span>}
        </h1>
        <p className="mt-2 text-stone-700 dark:text-stone-300">What is new on Selah: features, changes and notes from the people who run it.</p>
      </header>

      {data.posts.length ? (
        <ul className="flex flex-col gap-4">
          {data.posts.map((post) => {
            const date = newsDate(post);
            return (
              <li key={post.id}>
                <ArticleCard
                  className="sm:flex-row"
                  bodyClassName="flex flex-col gap-2 p-5"
                  picture={<NewsPicture post={post} className="aspect-[2/1] shrink-0 sm:aspect-square sm:w-44" sizes="(min-width: 640px) 176px, 100vw" />}
                >
                  <time dateTime={date} className="text-sm text-stone-600 dark:text-stone-400">
                    {formatDate(date)}
                  </time>
                  <h2 className="font-serif text-xl leading-snug font-semibold">
                    <ArticleCardLink link={{ to: '/news/$id', params: { id: post.id } }}>{post.title}</ArticleCardLink>
                  </h2>
                  <p className="line-clamp-3 text-stone-700 dark:text-stone-300">{markdownSummary(post.body, 280)}</p>
                </ArticleCard>
              </li>
            );
          })}
        </ul>
      ) : pastTheEnd ? (
        <div className="card flex flex-col items-start gap-3" role="status">
          <p className="font-serif text-lg font-semibold">There are no news posts on page {page}.</p>
          <Link to="/news" search={{}} className="button-primary no-underline">
            Go to the latest news
          </Link>
        </div>
      ) : (
        <div className="card flex flex-col items-center gap-2 py-10 text-center">
          <Newspaper aria-hidden size={32} className="text-orange-800 dark:text-orange-300" />
          <p className="font-serif text-lg font-semibold">No news yet</p>
          <p className="text-stone-700 dark:text-stone-300">News about Selah will be posted here.</p>
        </div>
      )}

      {!pastTheEnd && pageCount > 1 && <PageLinks to="/news" page={page} pageCount={pageCount} things="posts" label="News pages" />}
    </div>
  );
}
