import type { ReactNode } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { GuestHint } from './GuestHint.tsx';
import type { Viewer } from '../../auth/api/viewer.ts';
import { countOf, en, pluralForm } from '#common/text/plural.ts';
import { formatDate } from '#common/dates/format-date.ts';

/**
 * The frame both list pages share: heading and count, export/import, the guest hint, filters, then
 * the list (or its loading, error and empty states).
 */
export function ListFrame({
  title,
  noun,
  viewer,
  count,
  actions,
  filters,
  error,
  failedText,
  onRetry,
  children,
}: {
  title: string;
  noun: string;
  viewer: Viewer;
  /** "12 notes" once known. */
  count?: string;
  actions: ReactNode;
  filters: ReactNode;
  error: Error | null;
  /** Spec §8: 'Failed to fetch notes'. */
  failedText: string;
  onRetry: () => void;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-5 px-4 py-8 sm:px-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="font-serif text-3xl font-semibold">{title}</h1>
          <p className="mt-1 min-h-5 text-sm text-stone-700 dark:text-stone-300" aria-live="polite" data-testid="list-count">
            {count}
          </p>
        </div>
        {actions}
      </div>
      {viewer === 'guest' && <GuestHint noun={noun} />}
      {filters}
      {error ? (
        <div role="alert" className="card flex flex-col items-start gap-3">
          <p className="font-semibold">{failedText}</p>
          <p className="text-sm text-stone-700 dark:text-stone-300">{(error instanceof ApiError && error.serverMessage) || error.message}</p>
          <button type="button" className="button-secondary" onClick={onRetry}>
            Try again
          </button>
        </div>
      ) : (
        children
      )}
    </div>
  );
}

export function ListSkeleton() {
  return (
    <div className="flex flex-col gap-3" aria-busy="true" aria-label="Loading">
      {[0, 1, 2].map((i) => (
        <div key={i} className="card flex flex-col gap-3">
          <div className="skeleton h-4 w-1/3" />
          <div className="skeleton h-4 w-full" />
          <div className="skeleton h-4 w-2/3" />
        </div>
      ))}
    </div>
  );
}

/** "12 notes", "1 note", or "3 notes match" while searching or filtering. */
export function countText(total: number, noun: string, filtered: boolean): string {
  const words = countOf(total, en(noun));
  // The verb agrees with the count, as the noun does.
  return filtered ? `${words} ${pluralForm(total, en('matches', 'match'))}` : `${words}, newest first`;
}

/** When a note or highlight was made, in the app's short style ("27 Nov 2026"). */
export function shortDate(iso: string): string {
  return formatDate(iso, 'short') ?? '';
}
