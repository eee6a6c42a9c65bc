import { Dialog, DialogContent, DialogClose, DialogTitle, DialogDescription } from '../../../components/ui/dialog.tsx';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { useState } from 'react';
import { cn } from '../../../lib/cn.ts';
import { compareQuery, translationGroupsQuery } from '../../scripture/api/scripture.ts';
import { COMPARE_MAX, initialComparison, toggleComparison } from '../compare-selection.ts';

/** Spec §2/§4 translation comparison: 1 to 8 translations, side by side on desktop, stacked on phones. */
export function CompareDialog({ reference, label, current, onClose }: { reference: string; label: string; current: string; onClose: () => void }) {
  const groups = useQuery(translationGroupsQuery);
  // Each translation once (the edition being read stands for its translation).
  const installed = (groups.data?.flatMap((g) => g.translations) ?? []).filter((t) => !t.editionOf || t.code === current);
  const [selected, setSelected] = useState<string[] | null>(null);
  const chosen = selected ?? initialComparison(current, installed);
  const result = useQuery({ ...compareQuery(reference, chosen), enabled: groups.isSuccess, placeholderData: keepPreviousData });

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="inset-x-2 top-2 flex max-h-[calc(100dvh-1rem)] flex-col overflow-hidden rounded-2xl bg-stone-50 shadow-2xl md:inset-x-[8vw] md:top-[6vh] md:max-h-[88vh] dark:bg-stone-900">
        <div className="flex items-center justify-between gap-2 border-b border-stone-200 px-4 py-3 dark:border-stone-800">
          <DialogTitle className="font-serif text-xl font-semibold">Compare {label}</DialogTitle>
          <DialogClose className="icon-button" aria-label="Close comparison">
            <X aria-hidden size={20} />
          </DialogClose>
        </div>
        <DialogDescription className="px-4 pt-3 text-sm text-stone-700 dark:text-stone-300">
          Choose up to {COMPARE_MAX} ({chosen.length} chosen); a ninth replaces the first you chose.
        </DialogDescription>
        {/* One scrolling row of chips on phones, so the texts stay in view; wrapped rows where there is room. */}
        <fieldset className="flex shrink-0 gap-1.5 overflow-x-auto px-4 py-3 sm:flex-wrap">
          <legend className="sr-only">Translations to compare</legend>
          {installed.map((t) => {
            const on = chosen.includes(t.code);
            return (
              <button
                key={t.code}
                type="button"
                aria-pressed={on}
                title={t.name}
                onClick={() => setSelected(toggleComparison(chosen, t.code))}
                className={cn(
                  'shrink-0 rounded-full border px-3 py-1 text-sm max-sm:min-h-11',
                  on
                    ? 'border-orange-800 bg-orange-800 text-white dark:border-orange-300 dark:bg-orange-300 dark:text-stone-950'
                    : 'border-stone-300 hover:bg-stone-100 dark:border-stone-700 dark:hover:bg-stone-800',
                )}
              >
                {t.code}
              </button>
            );
          })}
        </fieldset>
        {/* Scrolls when the texts are longer than the screen: focusable, so the keyboard can scroll it too
            (axe's scrollable-region-focusable); the lint rule does not know scroll regions. */}
        {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
        <div className="min-h-0 flex-1 overflow-y-auto px-4 pb-4" tabIndex={0} role="region" aria-label="Texts compared">
          {result.isError ? (
            <div className="card flex flex-col items-start gap-3" role="alert">
              <p>Failed to load translations</p>
              <button type="button" className="button-secondary" onClick={() => window.location.reload()}>
                Try Again
              </button>
            </div>
          ) : (
            <ul className={cn('grid gap-3', chosen.length > 1 && 'md:grid-cols-2', chosen.length > 2 && 'lg:grid-cols-3')} aria-busy={result.isFetching}>
              {(result.data ?? chosen.map((code) => ({ translation: code, name: '', text: '', available: true, reference }))).map((item) => (
                <li key={item.translation} className="card" data-testid="compare-item">
                  <p className="mb-2 text-sm font-semibold">
                    {item.translation} <span className="font-normal text-stone-600 dark:text-stone-400">{item.name}</span>
                  </p>
                  {result.isPending ? (
                    <div className="skeleton h-16 w-full" />
                  ) : item.available ? (
                    <p className="font-serif text-lg leading-8">{item.text}</p>
                  ) : (
                    <p className="text-sm text-stone-600 italic dark:text-stone-400">Not in this translation.</p>
                  )}
                </li>
              ))}
            </ul>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
