import { BookOpen, Flame, NotebookPen, Share2, type LucideIcon } from 'lucide-react';
import { useId, useState } from 'react';
import type { Achievement } from '#common/contracts/progress.ts';
import { earnedAchievements, longDate, nextAchievements } from '../stats-text.ts';
import { cn } from '../../../lib/cn.ts';

const ICONS: Record<Achievement['category'], LucideIcon> = { reading: BookOpen, streak: Flame, study: NotebookPen, sharing: Share2 };
/** How many of those still ahead show before "Show all": the nearest are the ones worth a look. */
const NEXT_SHOWN = 6;

function Badge({ category, earned }: { category: Achievement['category']; earned: boolean }) {
  const Icon = ICONS[category];
  return (
    <span
      className={cn(
        'flex h-10 w-10 shrink-0 items-center justify-center rounded-full',
        earned ? 'bg-orange-100 text-orange-800 dark:bg-orange-950 dark:text-orange-300' : 'bg-stone-100 text-stone-600 dark:bg-stone-800 dark:text-stone-300',
      )}
    >
      <Icon aria-hidden size={20} />
    </span>
  );
}

function Earned({ a }: { a: Achievement }) {
  return (
    <li className="flex items-start gap-3 rounded-xl border border-stone-200 p-3 dark:border-stone-700" data-testid={`achievement-${a.id}`}>
      <Badge category={a.category} earned />
      <div className="min-w-0">
        <h4 className="font-semibold">{a.title}</h4>
        <p className="text-sm text-stone-700 dark:text-stone-300">{a.description}</p>
        <p className="mt-1 text-xs text-stone-600 dark:text-stone-400">
          Earned <time dateTime={a.earnedOn!}>{longDate(a.earnedOn!)}</time>
        </p>
      </div>
    </li>
  );
}

function Next({ a }: { a: Achievement }) {
  const titleId = useId();
  const current = Math.min(a.current, a.target);
  const percent = a.target > 0 ? (current / a.target) * 100 : 0;
  return (
    <li className="flex items-start gap-3 rounded-xl border border-stone-200 p-3 dark:border-stone-700" data-testid={`achievement-${a.id}`}>
      <Badge category={a.category} earned={false} />
      <div className="min-w-0 flex-1">
        <h4 id={titleId} className="font-semibold">
          {a.title}
        </h4>
        <p className="text-sm text-stone-700 dark:text-stone-300">{a.description}</p>
        <div className="mt-2 flex items-center gap-3">
          <div
            role="progressbar"
            aria-labelledby={titleId}
            aria-valuemin={0}
            aria-valuemax={a.target}
            aria-valuenow={current}
            aria-valuetext={`${current.toLocaleString('en')} of ${a.target.toLocaleString('en')}`}
            className="h-2 flex-1 overflow-hidden rounded-full bg-stone-200 dark:bg-stone-700"
          >
            <div className="h-full rounded-full bg-orange-700 dark:bg-orange-300" style={{ width: `${percent}%` }} />
          </div>
          <span aria-hidden className="shrink-0 text-xs text-stone-700 tabular-nums dark:text-stone-300">
            {current.toLocaleString('en')}/{a.target.toLocaleString('en')}
          </span>
        </div>
      </div>
    </li>
  );
}

/** Achievements earned (newest first, with the day) and those still ahead (nearest first, with progress). */
export function AchievementList({ achievements }: { achievements: readonly Achievement[] }) {
  const [showAll, setShowAll] = useState(false);
  const earned = earnedAchievements(achievements);
  const next = nextAchievements(achievements);
  const shown = showAll ? next : next.slice(0, NEXT_SHOWN);
  const nextListId = useId();
  return (
    <section aria-labelledby="achievements-heading" className="card">
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-x-4">
        <h2 id="achievements-heading" className="font-serif text-xl font-semibold">
          Achievements
        </h2>
        <p className="text-sm text-stone-700 dark:text-stone-300">
          {earned.length} of {achievements.length} earned
        </p>
      </div>
      <div className="flex flex-col gap-6">
        <section aria-labelledby="earned-heading">
          <h3 id="earned-heading" className="mb-2 font-semibold">
            Earned
          </h3>
          {earned.length === 0 ? (
            <p className="text-sm text-stone-700 dark:text-stone-300">None yet: the first comes with the first chapter you read to the end.</p>
          ) : (
            <ul className="grid gap-2 sm:grid-cols-2">
              {earned.map((a) => (
                <Earned key={a.id} a={a} />
              ))}
            </ul>
          )}
        </section>
        {next.length > 0 && (
          <section aria-labelledby="next-heading">
            <h3 id="next-heading" className="mb-2 font-semibold">
              Next
            </h3>
            <ul id={nextListId} className="grid gap-2 sm:grid-cols-2">
              {shown.map((a) => (
                <Next key={a.id} a={a} />
              ))}
            </ul>
            {next.length > NEXT_SHOWN && (
              <button type="button" className="button-secondary mt-3" aria-expanded={showAll} aria-controls={nextListId} onClick={() => setShowAll((v) => !v)}>
                {showAll ? 'Show fewer' : `Show all ${next.length}`}
              </button>
            )}
          </section>
        )}
      </div>
    </section>
  );
}
