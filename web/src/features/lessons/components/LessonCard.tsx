import { ArticleCard, ArticleCardLink } from '../../../components/article/ArticleCard.tsx';
import type { Article } from '#common/contracts/lessons.ts';
import { formatDate } from '#common/dates/format-date.ts';
import { lessonDate } from '../api/lesson-pages.ts';
import { LessonImage } from './LessonImage.tsx';

/**
 * A lesson in a grid: its picture (or a warm wash), title, excerpt, author, date and reading time.
 */
export function LessonCard({ article, heading: Heading = 'h3' }: { article: Article; heading?: 'h2' | 'h3' }) {
  const date = lessonDate(article);
  return (
    <ArticleCard
      className="w-full"
      bodyClassName="flex flex-1 flex-col gap-2 p-5"
      picture={<LessonImage article={article} className="aspect-[2/1] sm:aspect-[16/9]" sizes="(min-width: 1024px) 320px, (min-width: 640px) 50vw, 100vw" />}
    >
      <Heading className="font-serif text-xl leading-snug font-semibold text-stone-900 dark:text-stone-50">
        <ArticleCardLink link={{ to: '/bible-lessons/$slug', params: { slug: article.slug } }}>{article.title}</ArticleCardLink>
      </Heading>
      {article.excerpt && <p className="line-clamp-3 text-stone-700 dark:text-stone-300">{article.excerpt}</p>}
      <div className="mt-auto pt-2 text-sm text-stone-600 dark:text-stone-400">
        <p className="font-medium text-stone-700 dark:text-stone-300">
          <span className="sr-only">By </span>
          {article.author.name}
        </p>
        <p>
          <time dateTime={date}>{formatDate(date)}</time>
          <span aria-hidden> · </span>
          <span className="sr-only">, </span>
          {article.readTimeMin} min read
        </p>
      </div>
    </ArticleCard>
  );
}

/** Cards in a grid of up to three columns. */
export function LessonGrid({ articles, heading }: { articles: Article[]; heading?: 'h2' | 'h3' }) {
  return (
    <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
      {articles.map((article) => (
        <li key={article.id} className="flex">
          <LessonCard article={article} heading={heading} />
        </li>
      ))}
    </ul>
  );
}
