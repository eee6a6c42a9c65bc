import { Link } from '@tanstack/react-router';
import { LoadFailed } from '../../../components/LoadFailed.tsx';
import { BarChart3, Medal } from 'lucide-react';
import type { Rankings } from '#common/contracts/progress.ts';
import { cn } from '../../../lib/cn.ts';
import { useCurrentUser } from '../../auth/api/auth.ts';
import { useProgressOwner, useRankings } from '../api/stats.ts';
import { boardOf, boardTitle, PERIOD_LABELS, RANKING_PERIODS, type RankingKind, type RankingPeriod } from '../rankings.ts';
import { placeText, scoreText } from '../stats-text.ts';

// The same segmented look as the settings page's choices; here each choice is a link, since the
// board in view is the address.
const choice = 'flex min-h-11 items-center justify-center rounded-lg border px-3 py-2 text-sm no-underline sm:min-h-10';
const chosen = 'border-orange-800 bg-orange-100 font-semibold text-orange-950 dark:border-orange-300 dark:bg-orange-950 dark:text-orange-50';
const unchosen = 'border-stone-300 bg-white hover:bg-stone-100 dark:border-stone-700 dark:bg-stone-900 dark:hover:bg-stone-800';

function BoardChoices({ by, period }: { by: RankingKind; period: RankingPeriod }) {
  return (
    <nav aria-label="Boards" className="flex flex-col gap-3">
      <ul className="grid grid-cols-2 gap-2" aria-label="Rank by">
        <li>
          <Link
            to="/rankings"
            search={{ by: 'chapters', period }}
            aria-current={by === 'chapters' ? 'page' : undefined}
            className={cn(choice, by === 'chapters' ? chosen : unchosen)}
          >
            By chapters
          </Link>
        </li>
        <li>
          <Link
            to="/rankings"
            search={{ by: 'streak' }}
            aria-current={by === 'streak' ? 'page' : undefined}
            className={cn(choice, by === 'streak' ? chosen : unchosen)}
          >
            By streak
          </Link>
        </li>
      </ul>
      {by === 'chapters' && (
        <ul className="grid grid-cols-3 gap-2" aria-label="Period">
          {RANKING_PERIODS.map((p) => (
            <li key={p}>
              <Link
                to="/rankings"
                search={{ by: 'chapters', period: p }}
                aria-current={period === p ? 'page' : undefined}
                className={cn(choice, period === p ? chosen : unchosen)}
              >
                {PERIOD_LABELS[p]}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </nav>
  );
}

const RANK_BADGES: Record<number, string> = {
  1: 'bg-amber-200 text-amber-950 dark:bg-amber-300 dark:text-stone-950',
  2: 'bg-stone-200 text-stone-900 dark:bg-stone-300 dark:text-stone-950',
  3: 'bg-orange-200 text-orange-950 dark:bg-orange-300 dark:text-stone-950',
};

function Board({ board }: { board: Rankings }) {
  if (board.entries.length === 0) {
    return (
      <p className="px-5 pb-5 text-stone-700 dark:text-stone-300">
        Nobody is on this board yet. {board.by === 'streak' ? 'Study today to start a streak and be the first.' : 'Read a chapter to the end to be the first.'}
      </p>
    );
  }
  return (
    <table className="w-full text-left" aria-labelledby="board-heading" data-testid="rankings-table">
      <thead>
        <tr className="border-b border-stone-200 text-xs font-semibold tracking-wide text-stone-600 uppercase dark:border-stone-700 dark:text-stone-400">
          <th scope="col" className="w-16 py-2 pl-5 font-semibold sm:w-20">
            Rank
          </th>
          <th scope="col" className="py-2 pr-2 font-semibold">
            Name
          </th>
          <th scope="col" className="py-2 pr-5 text-right font-semibold">
            {board.by === 'streak' ? 'Streak' : 'Chapters'}
          </th>
        </tr>
      </thead>
      <tbody>
        {board.entries.map((e, i) => (
          <tr
            // Display names need not be unique and ties share a rank: the place in the list is the key.
            key={i}
            className={cn('border-b border-stone-100 last:border-0 dark:border-stone-800', e.isYou && 'bg-orange-50 dark:bg-orange-950/60')}
            data-you={e.isYou || undefined}
          >
            <td className="py-3 pl-5 tabular-nums">
              <span className={cn('inline-flex h-7 min-w-7 items-center justify-center rounded-full px-1.5 text-sm font-semibold', RANK_BADGES[e.rank])}>
                {e.rank}
              </span>
            </td>
            <th scope="row" className={cn('py-3 pr-2 font-normal break-words', e.isYou && 'font-semibold')}>
              {e.displayName}
              {e.isYou && (
                <span className="ml-2 inline-block rounded-full bg-orange-800 px-2 py-0.5 align-middle text-xs font-semibold text-white dark:bg-orange-300 dark:text-stone-950">
                  You
                </span>
              )}
            </th>
            <td className="py-3 pr-5 text-right text-sm whitespace-nowrap tabular-nums">{scoreText(board.by, e.score)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function BoardSkeleton() {
  return (
    <div className="flex flex-col gap-3 px-5 pb-5" role="status" aria-busy="true">
      <span className="sr-only">Loading the rankings</span>
      {[0, 1, 2, 3, 4].map((i) => (
        <div key={i} className="skeleton h-8 w-full" />
      ))}
    </div>
  );
}

const signInLink = 'font-semibold underline underline-offset-2';

/** Where the viewer stands on this board, or why they are not on it, and what to do about it. */
function YourPlace({ board }: { board: Rankings }) {
  const user = useCurrentUser().data;
  const you = board.you;
  let text;
  if (!user || !you) {
    text = (
      <>
        <Link to="/auth" search={{ mode: 'signin', next: '/rankings' }} className={signInLink}>
          Sign in
        </Link>{' '}
        to see your place. New here?{' '}
        <Link to="/auth" search={{ mode: 'signup' }} className={signInLink}>
          Create a free account
        </Link>
        .
      </>
    );
  } else if (!you.listed) {
    text = user.displayName ? (
      <>
        You chose not to appear in rankings.{' '}
        <Link to="/settings" className={signInLink}>
          Change this in Settings
        </Link>
        .
      </>
    ) : (
      <>
        You are not listed: the rankings show display names only.{' '}
        <Link to="/profile" className={signInLink}>
          Set a display name
        </Link>{' '}
        to appear.
      </>
    );
  } else if (you.rank === null) {
    text =
      board.by === 'streak'
        ? 'You are not on this board yet: study today to start a streak.'
        : 'You are not on this board yet: read a chapter to the end to join it.';
  } else {
    text = (
      <>
        <strong>{placeText(you.rank, board.total)}</strong>, with {scoreText(board.by, you.score)}.
      </>
    );
  }
  return (
    <p className="card text-stone-800 dark:text-stone-200" data-testid="your-place" aria-live="polite">
      {text}
    </p>
  );
}

/** /rankings: the community boards by chapters completed (week, month, all time) and by streak, and the viewer's place. */
export function RankingsPage({ by, period }: { by: RankingKind; period: RankingPeriod }) {
  const board = boardOf(by, period);
  const owner = useProgressOwner();
  const rankings = useRankings(board.by, board.period);
  const title = boardTitle(board.by, board.period);

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8 sm:px-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="font-serif text-3xl font-semibold">Rankings</h1>
          <p className="mt-1 text-stone-700 dark:text-stone-300">Readers who chose to appear, by display name.</p>
        </div>
        <Link to="/achievements" className="button-secondary no-underline">
          <BarChart3 aria-hidden size={18} /> My Stats
        </Link>
      </header>

      {/* The period the address asked for, so going back to chapters from the streak board keeps it. */}
      <BoardChoices by={board.by} period={period} />

      <section
        aria-labelledby="board-heading"
        className="overflow-hidden rounded-2xl border border-stone-200 bg-white pt-5 shadow-sm dark:border-stone-800 dark:bg-stone-900"
      >
        <h2 id="board-heading" className="mb-3 flex items-center gap-2 px-5 font-serif text-xl font-semibold">
          <Medal aria-hidden size={20} className="text-orange-800 dark:text-orange-300" />
          {title}
        </h2>
        {rankings.isError ? (
          <LoadFailed what="the rankings" error={rankings.error} onRetry={() => void rankings.refetch()} className="px-5 pb-5" />
        ) : rankings.data ? (
          <Board board={rankings.data} />
        ) : (
          <BoardSkeleton />
        )}
      </section>

      {owner && rankings.data && <YourPlace board={rankings.data} />}
    </div>
  );
}
