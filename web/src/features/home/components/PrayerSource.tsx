import { Link } from '@tanstack/react-router';
import type { DailyPrayer } from '#common/contracts/daily.ts';
import { prayerSourceNote, referenceSearch } from '../../../lib/route-helpers/prayer-days.ts';
import { cn } from '../../../lib/cn.ts';
import { passageName } from '#common/scripture/passage-name.ts';

const LINK = 'font-semibold text-orange-900 underline underline-offset-4 dark:text-orange-200';

/**
 * Where the prayer came from: "A prayer from Scripture:" and its passage (a link into the reader), or, for a prayer the
 * language model drafted, a plain note saying so with the verse it drew on. An editor's prayer says nothing.
 */
export function PrayerSource({ prayer, className }: { prayer: DailyPrayer; className?: string }) {
  const note = prayerSourceNote(prayer);
  if (!note) return null;
  const search = prayer.reference ? referenceSearch(prayer.reference, prayer.translation) : undefined;
  const reference = search ? (
    <Link to="/bible" search={search} className={cn(LINK, 'whitespace-nowrap')}>
      {passageName(note.reference)}
    </Link>
  ) : (
    passageName(note.reference)
  );
  return note.kind === 'scripture' ? (
    <p className={cn('text-stone-700 dark:text-stone-300', className)}>A prayer from Scripture: {reference}</p>
  ) : (
    <p className={cn('text-sm text-stone-600 dark:text-stone-400', className)}>Drafted by AI from {reference}</p>
  );
}
