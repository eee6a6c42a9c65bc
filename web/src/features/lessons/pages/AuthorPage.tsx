import { Link } from '@tanstack/react-router';
import { ChevronLeft } from 'lucide-react';
import type { AuthorProfile } from '#common/contracts/lessons.ts';
import { ScriptureMarkdown } from '../../../components/ScriptureMarkdown.tsx';
import { LESSONS_TITLE } from '../api/lesson-pages.ts';
import { AuthorAvatar } from '../components/AuthorAvatar.tsx';
import { LessonGrid } from '../components/LessonCard.tsx';

/**
 * Spec §2 /bible-lessons/author/{slug} and /authors/{id}: the author's picture (or initials), their
 * bio and their published lessons, newest first.
 */
export function AuthorPage({ author }: { author: AuthorProfile }) {
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-8 px-4 py-6 sm:px-6 sm:py-8">
      <nav aria-label="Breadcrumb">
        <Link to="/bible-lessons" className="button-ghost -ml-3 no-underline">
          <ChevronLeft aria-hidden size={18} />
          {LESSONS_TITLE}
        </Link>
      </nav>

      <header className="flex flex-col items-start gap-5 sm:flex-row">
        <AuthorAvatar author={author} size="lg" />
        <div className="flex max-w-2xl min-w-0 flex-col gap-3">
          <h1 className="font-serif text-3xl font-semibold tracking-tight">
            <span className="block font-sans text-sm font-semibold tracking-wide text-orange-900 uppercase dark:text-orange-200">Author</span>
            {author.name}
          </h1>
          {author.bio && <ScriptureMarkdown text={author.bio} className="author-bio" />}
        </div>
      </header>

      <section aria-labelledby="author-lessons" className="flex flex-col gap-4">
        <h2 id="author-lessons" className="font-serif text-2xl font-semibold">
          Lessons by {author.name}
        </h2>
        {author.lessons.length ? (
          <LessonGrid articles={author.lessons} heading="h3" />
        ) : (
          <p className="card text-stone-700 dark:text-stone-300">{author.name} has not published a lesson yet.</p>
        )}
      </section>
    </div>
  );
}
