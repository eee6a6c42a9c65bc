import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ArticlePage } from '../../../components/article/ArticlePage.tsx';
import { ScriptureMarkdown } from '../../../components/ScriptureMarkdown.tsx';
import { formatDate } from '#common/dates/format-date.ts';
import { LESSONS_TITLE, lessonDate } from '../api/lesson-pages.ts';
import { lessonQuery } from '../api/lessons.ts';
import { AuthorAvatar } from '../components/AuthorAvatar.tsx';
import { LessonGrid } from '../components/LessonCard.tsx';
import { LessonImage } from '../components/LessonImage.tsx';

const AUTHOR_LINK = 'font-semibold text-orange-900 underline-offset-4 hover:underline dark:text-orange-200';

/**
 * Spec §2 /bible-lessons/{slug}: the lesson's picture (or a warm wash), title, author, date and
 * reading time, its Markdown with each Scripture reference a link into the reader, the author and
 * related lessons. The route's loader has put the lesson in the cache, so the server renders it all.
 */
export function LessonPage({ slug }: { slug: string }) {
  const lesson = useQuery(lessonQuery(slug)).data!;
  const { author } = lesson;
  const date = lessonDate(lesson);

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-12 px-4 py-6 sm:px-6 sm:py-8">
      <ArticlePage
        titleId="lesson-title"
        title={lesson.title}
        back={{ to: '/bible-lessons', label: LESSONS_TITLE }}
        className="mx-auto flex w-full max-w-3xl flex-col gap-6"
        headerClassName="flex flex-col gap-4"
        byline={
          <>
            {lesson.excerpt && <p className="font-serif text-lg leading-relaxed text-stone-700 sm:text-xl dark:text-stone-300">{lesson.excerpt}</p>}
            <div className="flex items-center gap-3">
              <AuthorAvatar author={author} />
              <div className="flex flex-col text-sm">
                <span>
                  <span className="sr-only">By </span>
                  <Link to="/bible-lessons/author/$slug" params={{ slug: author.slug }} rel="author" className={AUTHOR_LINK}>
                    {author.name}
                  </Link>
                </span>
                <span className="text-stone-600 dark:text-stone-400">
                  <time dateTime={date}>{formatDate(date)}</time>
                  <span aria-hidden> · </span>
                  <span className="sr-only">, </span>
                  {lesson.readTimeMin} min read
                </span>
              </div>
            </div>
          </>
        }
        picture={
          // Without a picture the wash is a quiet band, not a block the reader scrolls past.
          <LessonImage
            article={lesson}
            eager
            className={lesson.heroImageUrl ? 'aspect-[2/1] rounded-2xl sm:aspect-[5/2]' : 'aspect-[4/1] rounded-2xl sm:aspect-[6/1]'}
            letter="text-[clamp(2.5rem,7cqw,4.5rem)]"
            sizes="(min-width: 800px) 768px, 100vw"
          />
        }
        body={lesson.body}
        references={lesson.references}
      >
        <aside aria-labelledby="about-author" className="card mt-4 flex flex-col gap-4 sm:flex-row sm:items-start">
          <AuthorAvatar author={author} size="md" />
          <div className="flex min-w-0 flex-col gap-2">
            <h2 id="about-author" className="font-serif text-lg font-semibold">
              <span className="block font-sans text-xs font-semibold tracking-wide text-orange-900 uppercase dark:text-orange-200">About the author</span>
              {author.name}
            </h2>
            {author.bio && <ScriptureMarkdown text={author.bio} className="author-bio" />}
            <div>
              <Link to="/bible-lessons/author/$slug" params={{ slug: author.slug }} className="button-secondary no-underline">
                More from {author.name}
              </Link>
            </div>
          </div>
        </aside>
      </ArticlePage>

      {lesson.related.length > 0 && (
        <section aria-labelledby="related-lessons" className="flex flex-col gap-4 border-t border-stone-200 pt-8 dark:border-stone-800">
          <h2 id="related-lessons" className="font-serif text-2xl font-semibold">
            Related lessons
          </h2>
          <LessonGrid articles={lesson.related} heading="h3" />
        </section>
      )}
    </div>
  );
}
