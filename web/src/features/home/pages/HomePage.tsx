import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { BookOpen, MessageCircle, Send } from 'lucide-react';
import { SearchForm } from '../../../components/SearchForm.tsx';
import { useState, type FormEvent } from 'react';
import { chapterQuery } from '../../scripture/api/scripture.ts';
import { FALLBACK_VERSE, homepageQuery } from '../api/homepage.ts';
import { CHAT_CHIPS } from '../../chat/api/chat.ts';
import { NewsletterSignup } from '../../newsletter/components/NewsletterSignup.tsx';
import { LatestLessons } from '../../lessons/components/LatestLessons.tsx';
import { ContemplationCard } from '../components/ContemplationCard.tsx';
import { TodaysPrayerCard } from '../components/TodaysPrayerCard.tsx';
import { passageName } from '#common/scripture/passage-name.ts';

/**
 * Spec §2: when there is no verse of the day, Matthew 11:28 with a word of comfort. Its text comes
 * from the store like every verse Selah shows (never from the source code).
 */
function FallbackVerse() {
  const chapter = useQuery(chapterQuery(FALLBACK_VERSE.translation, FALLBACK_VERSE.book, FALLBACK_VERSE.chapter));
  const text = chapter.data?.verses.find((v) => v.verse === FALLBACK_VERSE.verse)?.text;
  return (
    <figure className="mt-3">
      {text && <blockquote className="font-serif text-2xl leading-relaxed">“{text}”</blockquote>}
      <figcaption className="mt-3 flex flex-col gap-1">
        <Link to="/bible" search={FALLBACK_VERSE} className="font-semibold text-orange-900 underline underline-offset-4 dark:text-orange-200">
          Matthew 11:28 ({FALLBACK_VERSE.translation})
        </Link>
        <span className="text-stone-700 dark:text-stone-300">Whatever today holds, you are invited to come and rest.</span>
      </figcaption>
    </figure>
  );
}

/** Spec §2 home page. */
export function HomePage() {
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [question, setQuestion] = useState('');
  const home = useQuery(homepageQuery);
  const daily = home.data?.verse;

  const submitSearch = (e: FormEvent) => {
    e.preventDefault();
    if (search.trim()) void navigate({ to: '/search', search: { q: search.trim() } });
  };
  const ask = (q: string) => {
    if (q.trim()) void navigate({ to: '/chat', search: { q: q.trim() } });
  };

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-8 px-4 py-8 sm:px-6">
      <h1 className="sr-only">Selah: read and study the Bible</h1>

      <SearchForm
        id="home-search"
        label="Search for a passage, keyword or topic"
        placeholder="Search a passage, keyword or topic"
        value={search}
        onChange={setSearch}
        onSubmit={submitSearch}
      />

      <section aria-labelledby="votd" className="card bg-gradient-to-br from-orange-50 to-white dark:from-stone-900 dark:to-stone-900">
        <h2 id="votd" className="text-sm font-semibold tracking-wide text-orange-900 uppercase dark:text-orange-200">
          Verse of the Day
        </h2>
        {home.isPending ? (
          <div className="mt-3 flex flex-col gap-2" role="status" aria-label="Loading verse of the day">
            <div className="skeleton h-6 w-full" />
            <div className="skeleton h-6 w-2/3" />
          </div>
        ) : daily ? (
          <figure className="mt-3">
            <blockquote className="font-serif text-2xl leading-relaxed">“{daily.verse}”</blockquote>
            <figcaption className="mt-3">
              <Link
                to="/bible"
                search={{ book: daily.book, chapter: daily.chapter, verse: daily.verseNumber, translation: 'KJV' }}
                className="font-semibold text-orange-900 underline underline-offset-4 dark:text-orange-200"
              >
                {passageName(daily.reference)} (KJV)
              </Link>
            </figcaption>
          </figure>
        ) : (
          <FallbackVerse />
        )}
        <Link to="/bible" className="button-primary mt-5 no-underline">
          Start Your Free Bible Study
        </Link>
      </section>

      <div className="grid gap-4 md:grid-cols-2">
        <TodaysPrayerCard prayer={home.data?.prayer} pending={home.isPending} />
        <ContemplationCard prayerId={home.data?.prayer?.id} picture={home.data?.visualContemplation ?? home.data?.prayerImage} pending={home.isPending} />
      </div>

      <section aria-labelledby="chat-box" className="card">
        <h2 id="chat-box" className="font-serif text-xl font-semibold">
          Bible AI Chat
        </h2>
        <p className="mt-1 text-stone-700 dark:text-stone-300">Ask a question and get an answer grounded in Scripture.</p>
        <form
          className="mt-3 flex gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            ask(question);
          }}
        >
          <label htmlFor="home-chat" className="sr-only">
            Ask a question about the Bible
          </label>
          <input id="home-chat" className="input" placeholder="Ask anything about the Bible" value={question} onChange={(e) => setQuestion(e.target.value)} />
          <button type="submit" className="button-primary" aria-label="Ask">
            <Send aria-hidden size={18} />
          </button>
        </form>
        <div className="mt-3 flex flex-wrap gap-2">
          {CHAT_CHIPS.map((chip) => (
            <button
              key={chip.label}
              type="button"
              className="inline-flex min-h-11 items-center rounded-full border border-stone-300 px-4 text-sm hover:bg-stone-100 sm:min-h-9 dark:border-stone-700 dark:hover:bg-stone-800"
              onClick={() => ask(chip.question)}
              title={chip.question}
            >
              {chip.label}
            </button>
          ))}
        </div>
      </section>

      <LatestLessons />

      <div className="grid gap-4 sm:grid-cols-2">
        <Link to="/bible" className="card flex items-start gap-4 no-underline hover:border-orange-300 dark:hover:border-orange-800">
          <BookOpen aria-hidden className="mt-1 shrink-0 text-orange-800 dark:text-orange-300" />
          <span>
            <span className="block font-serif text-lg font-semibold">Start Reading Now</span>
            <span className="text-stone-700 dark:text-stone-300">Open the Bible in your translation and read chapter by chapter.</span>
          </span>
        </Link>
        <Link to="/chat" className="card flex items-start gap-4 no-underline hover:border-orange-300 dark:hover:border-orange-800">
          <MessageCircle aria-hidden className="mt-1 shrink-0 text-orange-800 dark:text-orange-300" />
          <span>
            <span className="block font-serif text-lg font-semibold">Begin Chat Here</span>
            <span className="text-stone-700 dark:text-stone-300">Ask questions and explore answers drawn from Scripture.</span>
          </span>
        </Link>
      </div>

      <NewsletterSignup />

      <p className="text-center font-serif text-lg text-stone-700 italic dark:text-stone-300">
        Selah: pause, and listen. May what you read here lead you to prayer.
      </p>

      <footer className="mt-4 flex flex-col items-center gap-3 border-t border-stone-200 pt-6 text-sm text-stone-700 dark:border-stone-800 dark:text-stone-300">
        <nav
          aria-label="Footer"
          className="flex flex-wrap justify-center gap-x-5 *:inline-flex *:min-h-11 *:min-w-11 *:items-center *:justify-center sm:*:min-h-0"
        >
          <Link to="/news">News</Link>
          <Link to="/about">About</Link>
          <Link to="/contact">Contact</Link>
          <a href="/terms-standalone" target="_blank" rel="noopener">
            Terms
          </a>
          <a href="/privacy-standalone" target="_blank" rel="noopener">
            Privacy
          </a>
        </nav>
        <p>© {new Date().getFullYear()} Selah. Free to read, free to share.</p>
      </footer>
    </div>
  );
}
