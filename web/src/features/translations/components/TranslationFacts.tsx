import type { TranslationFeature } from '#common/scripture/categories.ts';
import type { TranslationSummary } from '#common/contracts/bible.ts';
import { ChevronRight } from 'lucide-react';
import { cn } from '../../../lib/cn.ts';

/** Each feature as a reader names it: in the list of what works, and in the sentence of what does not. */
const FEATURES: Record<TranslationFeature, { label: string; noun: string }> = {
  offline: { label: 'Works offline', noun: 'offline reading' },
  search: { label: 'Search', noun: 'search' },
  ai: { label: 'AI quotations', noun: 'AI quotations' },
  compare: { label: 'Compare', noun: 'comparison' },
  audio: { label: 'Audio', noun: 'audio' },
  images: { label: 'Verse pictures', noun: 'verse pictures' },
  share: { label: 'Sharing', noun: 'sharing' },
};

/** "Local" (on this server, works offline) or "Licensed" (through its publisher's service). */
export function SourceBadge({ translation, className }: { translation: Pick<TranslationSummary, 'source'>; className?: string }) {
  const licensed = translation.source === 'licensed';
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2 py-0.5 text-[0.7rem] font-semibold',
        licensed ? 'bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-100' : 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100',
        className,
      )}
    >
      {licensed ? 'Licensed · online' : 'On this server'}
    </span>
  );
}

/** The short line under a translation's name in the picker: category, where it comes from, licence. */
export function TranslationSubline({ translation }: { translation: TranslationSummary }) {
  return (
    <span className="mt-0.5 flex min-w-0 flex-col gap-0.5 text-xs font-normal text-stone-600 dark:text-stone-400">
      <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <span>{translation.category}</span>
        <SourceBadge translation={translation} />
      </span>
      <span className="truncate" title={translation.licence}>
        {translation.licence}
      </span>
    </span>
  );
}

/** Everything about one translation, for the settings page: a row that opens to its licence and features. */
export function TranslationDetails({ translation, current }: { translation: TranslationSummary; current: boolean }) {
  const missing = (Object.keys(FEATURES) as TranslationFeature[]).filter((f) => !translation.features.includes(f));
  return (
    <li aria-current={current ? 'true' : undefined}>
      <details className="group">
        <summary className="flex min-h-11 cursor-pointer list-none items-start gap-2 rounded-md py-2 hover:bg-stone-100 dark:hover:bg-stone-800/60 [&::-webkit-details-marker]:hidden">
          <ChevronRight aria-hidden size={16} className="mt-1 shrink-0 text-stone-500 transition-transform group-open:rotate-90" />
          <span className="flex min-w-0 flex-1 flex-col gap-1 sm:flex-row sm:items-center sm:gap-3">
            <span className="flex min-w-0 flex-1 items-baseline gap-2">
              <span className="min-w-16 shrink-0 font-semibold">{translation.code}</span>
              <span className="min-w-0 font-medium">
                {translation.name}
                {current && <span className="ml-2 text-xs font-semibold text-orange-800 dark:text-orange-300">(reading now)</span>}
              </span>
            </span>
            <span className="flex shrink-0 items-center gap-2 text-xs text-stone-600 dark:text-stone-400">
              {translation.category}
              <SourceBadge translation={translation} />
            </span>
          </span>
        </summary>
        <dl className="grid grid-cols-[6rem_1fr] gap-x-3 gap-y-1 pb-3 pl-6 text-sm text-stone-700 dark:text-stone-300">
          <dt className="text-stone-600 dark:text-stone-400">Language</dt>
          <dd>{translation.languageName}</dd>
          {translation.edition && (
            <>
              <dt className="text-stone-600 dark:text-stone-400">Edition</dt>
              <dd>
                {translation.edition}
                {translation.editionOf && ` (another edition of ${translation.editionOf})`}
              </dd>
            </>
          )}
          <dt className="text-stone-600 dark:text-stone-400">Licence</dt>
          <dd className="break-words">{translation.licence}</dd>
          <dt className="text-stone-600 dark:text-stone-400">Features</dt>
          <dd>
            {translation.features.map((f) => FEATURES[f].label).join(' · ')}
            {missing.length > 0 && (
              <span className="block text-xs text-stone-600 dark:text-stone-400">Not for this text: {missing.map((f) => FEATURES[f].noun).join(', ')}</span>
            )}
          </dd>
        </dl>
      </details>
    </li>
  );
}
