import { Link } from '@tanstack/react-router';
import { KeptInBrowserNote } from '../../../components/KeptInBrowserNote.tsx';
import { LoadFailed } from '../../../components/LoadFailed.tsx';
import { BookOpen, CalendarCheck, Medal } from 'lucide-react';
import type { StudyStats } from '#common/contracts/progress.ts';
import { useAchievements, useProgressOwner, useStudyStats } from '../api/stats.ts';
import { AchievementList } from '../components/AchievementList.tsx';
import { BookCoverageGrid } from '../components/BookCoverageGrid.tsx';
import { StreakCard } from '../components/StreakCard.tsx';
import { StudyCalendar } from '../components/StudyCalendar.tsx';
import { TotalsCard } from '../components/TotalsCard.tsx';

/** Nothing studied yet: no chapter, no streak ever, not one day that counted. */
const isNew = (s: StudyStats) => s.allTime.chapters === 0 && s.streak.longestStreak === 0 && !s.calendar.some((d) => d.counts);

function StartHint() {
  return (
    <section className="card flex flex-col items-center gap-3 py-8 text-center" aria-labelledby="start-heading">
      <span className="flex h-12 w-12 items-center justify-center rounded-full bg-orange-100 text-orange-900 dark:bg-orange-950 dark:text-orange-200">
        <BookOpen aria-hidden size={22} />
      </span>
      <h2 id="start-heading" className="font-serif text-xl font-semibold">
        Read a chapter to the end to start your streak
      </h2>
      <p className="max-w-md text-stone-700 dark:text-stone-300">
        Each day you finish a chapter, read for a few minutes, highlight a verse or write a note keeps your streak going. Your reading fills in the calendar and
        the books below.
      </p>
      <Link to="/bible" className="button-primary no-underline">
        <BookOpen aria-hidden size={18} /> Open the reader
      </Link>
    </section>
  );
}

function Skeleton() {
  return (
    <div className="flex flex-col gap-6" role="status" aria-busy="true">
      <span className="sr-only">Loading your stats</span>
      <div className="grid gap-4 sm:grid-cols-[3fr_2fr]">
        <div className="skeleton h-32 rounded-2xl" />
        <div className="skeleton h-32 rounded-2xl" />
      </div>
      <div className="skeleton h-40 rounded-2xl" />
      <div className="skeleton h-48 rounded-2xl" />
    </div>
  );
}

/**
 * /achievements, "My Stats": streaks, the year's calendar, totals, achievements and the books read,
 * from the account or, for a guest, from this browser with a word on keeping them.
 */
export function MyStatsPage() {
  const owner = useProgressOwner();
  const stats = useStudyStats();
  const achievements = useAchievements();
  const guest = owner === 'guest';

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-8 sm:px-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="font-serif text-3xl font-semibold">My Stats</h1>
          <p className="mt-1 text-stone-700 dark:text-stone-300">
            {guest ? 'Your study in this browser: streak, reading and achievements.' : 'Your study streak, reading and achievements.'}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to="/bible-plans" className="button-secondary no-underline">
            <CalendarCheck aria-hidden size={18} /> Reading Plans
          </Link>
          <Link to="/rankings" className="button-secondary no-underline">
            <Medal aria-hidden size={18} /> Rankings
          </Link>
        </div>
      </header>

      {guest && (
        <KeptInBrowserNote
          title="Create a free account to keep your progress on every device"
          text="Your streak, reading and achievements are kept in this browser only. They move into your account when you sign up or sign in."
          returnTo="/achievements"
        />
      )}

      {stats.isError ? (
        <LoadFailed what="your stats" error={stats.error} onRetry={() => void stats.refetch()} />
      ) : !stats.data ? (
        <Skeleton />
      ) : (
        <>
          {isNew(stats.data) && <StartHint />}
          <StreakCard streak={stats.data.streak} />
          <TotalsCard totals={{ week: stats.data.week, month: stats.data.month, allTime: stats.data.allTime }} />
          <StudyCalendar today={stats.data.streak.today} days={stats.data.calendar} />
          {achievements.isError ? (
            <LoadFailed what="your achievements" error={achievements.error} onRetry={() => void achievements.refetch()} />
          ) : achievements.data ? (
            <AchievementList achievements={achievements.data.achievements} />
          ) : (
            <div className="skeleton h-48 rounded-2xl" role="status" aria-busy="true">
              <span className="sr-only">Loading your achievements</span>
            </div>
          )}
          <BookCoverageGrid coverage={stats.data.coverage} />
        </>
      )}
    </div>
  );
}
