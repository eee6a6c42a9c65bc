import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { UNAVAILABLE_SUGGESTIONS } from '#common/scripture/categories.ts';
import type { ChapterContent } from '#common/contracts/bible.ts';
import { translationGroupsQuery } from '../../scripture/api/scripture.ts';

export function ReaderMessage({ children, busy = false }: { children: ReactNode; busy?: boolean }) {
  return (
    <div className="card text-center text-stone-700 dark:text-stone-300" role={busy ? 'status' : 'alert'} aria-live="polite">
      {children}
    </div>
  );
}

/** About 25 lines while a chapter loads. */
export function ChapterSkeleton() {
  return (
    <div role="status" aria-label="Loading chapter" className="flex flex-col gap-3" data-testid="chapter-skeleton">
      {Array.from({ length: 25 }, (_, i) => (
        <div key={i} className="skeleton h-5" style={{ width: `${70 + ((i * 37) % 30)}%` }} />
      ))}
    </div>
  );
}

/** Spec §2 'Translation Not Available' card, with the installed translations that have this chapter. */
export function TranslationNotAvailable({
  content,
  onTranslation,
  onGo,
}: {
  content: ChapterContent;
  onTranslation: (code: string) => void;
  onGo: (to: { book: string; chapter: number }) => void;
}) {
  return (
    <div className="card flex flex-col gap-4" role="alert">
      <h2 className="font-serif text-xl font-semibold">Translation Not Available</h2>
      {/* Spec §8: the server's message, "{book} {chapter} is not available in the {translation} translation. …" */}
      <p>
        {content.message ??
          `${content.book} ${content.chapter} is not available in the ${content.translation} translation. Please try a different book or translation.`}
      </p>
      <OtherTranslations content={content} onTranslation={onTranslation} />
      {content.firstAvailable && (
        <button type="button" className="button-primary self-start" onClick={() => onGo(content.firstAvailable!)}>
          Go to {content.firstAvailable.book} {content.firstAvailable.chapter} in {content.translation}
        </button>
      )}
    </div>
  );
}

/** The translations that have this chapter, the spec's suggestions (KJV, ESV, NIV, BSB) first. */
function OtherTranslations({ content, onTranslation }: { content: ChapterContent; onTranslation: (code: string) => void }) {
  const groups = useQuery(translationGroupsQuery);
  const installed = new Set(groups.data?.flatMap((g) => g.translations.map((t) => t.code)) ?? []);
  const offers = [...new Set([...UNAVAILABLE_SUGGESTIONS.filter((c) => installed.has(c)), ...(content.availableIn ?? []).map((t) => t.code)])].filter(
    (c) => c !== content.translation && (content.availableIn ?? []).some((t) => t.code === c),
  );
  if (offers.length === 0) return null;
  return (
    <div>
      <p className="mb-2 text-sm text-stone-700 dark:text-stone-300">Read it in another translation:</p>
      <div className="flex flex-wrap gap-2">
        {offers.map((code) => (
          <button key={code} type="button" className="button-secondary" onClick={() => onTranslation(code)}>
            {code}
          </button>
        ))}
      </div>
    </div>
  );
}

/**
 * The chapter is in the translation but cannot be had just now (a licensed text whose service failed
 * or was slow): the server's §8 message, a way to try again, and translations that have it here.
 */
export function ChapterNotLoaded({ content, onRetry, onTranslation }: { content: ChapterContent; onRetry: () => void; onTranslation: (code: string) => void }) {
  return (
    <div className="card flex flex-col gap-4" role="alert">
      <h2 className="font-serif text-xl font-semibold">
        {content.book} {content.chapter} could not be loaded
      </h2>
      <p>{content.message ?? `Content not available in ${content.translation} translation. Please try a different translation.`}</p>
      <OtherTranslations content={content} onTranslation={onTranslation} />
      <button type="button" className="button-primary self-start" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

/** The text's copyright or licence line, under every chapter (a licensed text's terms ask for it). */
export function CopyrightLine({ content }: { content: ChapterContent }) {
  if (!content.copyright) return null;
  return (
    <p
      className="mt-10 border-t border-stone-200 pt-4 text-xs leading-relaxed text-stone-600 dark:border-stone-800 dark:text-stone-400"
      data-testid="copyright"
    >
      {content.translationName} ({content.translation}). {content.copyright}
    </p>
  );
}
