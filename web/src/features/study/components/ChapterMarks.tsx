import { passageName } from '#common/scripture/passage-name.ts';
import { Trash2 } from 'lucide-react';
import { verseOfReference } from '#common/scripture/reference.ts';
import type { Highlight } from '#common/contracts/study.ts';
import { HIGHLIGHT_CLASSES } from './highlight-colors.ts';

/** Spec §2 Mark tab: this chapter's highlights in verse order, each with a delete button. */
export function ChapterMarks({
  highlights,
  onRemove,
  onGoToVerse,
}: {
  highlights: Highlight[];
  onRemove: (h: Highlight) => void;
  onGoToVerse: (verse: number) => void;
}) {
  if (highlights.length === 0) {
    return (
      <div className="rounded-xl border border-dashed border-stone-300 p-4 text-sm dark:border-stone-700">
        <p className="font-medium">No highlights in this chapter yet</p>
        <p className="mt-1 text-stone-600 dark:text-stone-400">Tap a verse and choose a colour to mark it.</p>
      </div>
    );
  }
  // Every highlight here is in the chapter (spec §5 rule), so each names one verse.
  const verseOf = (h: Highlight) => verseOfReference(h.reference) ?? 0;
  const sorted = [...highlights].sort((a, b) => verseOf(a) - verseOf(b));
  return (
    <ul className="space-y-2" aria-label="Highlights in this chapter">
      {sorted.map((h) => (
        <li
          key={h.id}
          className="flex items-start gap-3 rounded-xl border border-stone-200 bg-white p-3 dark:border-stone-700 dark:bg-stone-900"
          data-testid="chapter-mark"
        >
          <span className={`mt-1 h-4 w-4 shrink-0 rounded-full border border-stone-400 ${HIGHLIGHT_CLASSES[h.color]}`} aria-hidden />
          <div className="min-w-0 flex-1">
            <button type="button" className="text-sm font-semibold underline-offset-2 hover:underline" onClick={() => onGoToVerse(verseOf(h))}>
              {passageName(h.reference)}
            </button>
            <span className="sr-only">, {h.color}</span>
            <p className="mt-1 font-serif leading-7">{h.text}</p>
          </div>
          <button
            type="button"
            className="icon-button h-8 w-8 shrink-0 sm:h-8 sm:w-8"
            aria-label={`Remove highlight ${passageName(h.reference)}`}
            title="Remove highlight"
            onClick={() => onRemove(h)}
          >
            <Trash2 aria-hidden size={16} />
          </button>
        </li>
      ))}
    </ul>
  );
}
