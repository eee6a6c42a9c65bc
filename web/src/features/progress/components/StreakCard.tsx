import { Flame, Trophy } from 'lucide-react';
import type { ReactNode } from 'react';
import type { StudyStreak } from '#common/contracts/progress.ts';
import { cn } from '../../../lib/cn.ts';
import { en, pluralForm } from '#common/text/plural.ts';

function hint(streak: StudyStreak): string {
  if (streak.currentStreak === 0) return 'Read a chapter to the end to start your streak.';
  if (streak.todayCounts) return 'Today counts. Come back tomorrow to keep it going.';
  // The streak still stands until today ends: say so before it is lost, not after.
  return 'Study today to keep it going: a chapter, a few minutes of reading, a highlight or a note.';
}

/** One streak figure: its badge, label, days and a line on what it means. */
function StreakTile({ testId, badge, label, days, note }: { testId: string; badge: ReactNode; label: string; days: number; note: string }) {
  return (
    <div className="card flex items-center gap-4" data-testid={testId}>
      {badge}
      <div className="min-w-0">
        <p className="text-sm font-medium text-stone-700 dark:text-stone-300">{label}</p>
        <p className="font-serif leading-none">
          <span className="text-5xl font-semibold tabular-nums">{days.toLocaleString('en')}</span>{' '}
          <span className="text-lg text-stone-700 dark:text-stone-300">{pluralForm(days, en('day'))}</span>
        </p>
        <p className="mt-2 text-sm text-stone-700 dark:text-stone-300">{note}</p>
      </div>
    </div>
  );
}

/** Current and longest streak, the page's headline. */
export function StreakCard({ streak }: { streak: StudyStreak }) {
  const best = streak.currentStreak > 0 && streak.currentStreak >= streak.longestStreak;
  return (
    <section aria-labelledby="streak-heading" className="grid gap-4 sm:grid-cols-[3fr_2fr]">
      <h2 id="streak-heading" className="sr-only">
        Streak
      </h2>
      <StreakTile
        testId="current-streak"
        label="Current streak"
        days={streak.currentStreak}
        note={hint(streak)}
        badge={
          <span
            className={cn(
              'flex h-14 w-14 shrink-0 items-center justify-center rounded-full',
              streak.currentStreak > 0
                ? 'bg-orange-100 text-orange-800 dark:bg-orange-950 dark:text-orange-300'
                : 'bg-stone-100 text-stone-600 dark:bg-stone-800 dark:text-stone-300',
            )}
          >
            <Flame aria-hidden size={30} />
          </span>
        }
      />
      <StreakTile
        testId="longest-streak"
        label="Longest streak"
        days={streak.longestStreak}
        note={
          streak.longestStreak === 0 ? 'Your record starts with your first study day.' : best ? 'Your best yet, and you are on it now.' : 'Your best so far.'
        }
        badge={
          <span className="flex h-14 w-14 shrink-0 items-center justify-center rounded-full bg-stone-100 text-stone-700 dark:bg-stone-800 dark:text-stone-200">
            <Trophy aria-hidden size={28} />
          </span>
        }
      />
    </section>
  );
}
