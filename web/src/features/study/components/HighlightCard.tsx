import { passageName } from '#common/scripture/passage-name.ts';
import { Trash2 } from 'lucide-react';
import { useId } from 'react';
import type { Highlight } from '#common/contracts/study.ts';
import { HIGHLIGHT_COLORS } from '#common/study/rules.ts';
import { HIGHLIGHT_COLOR_LABELS } from '#common/study/labels.ts';
import { HIGHLIGHT_CLASSES } from './highlight-colors.ts';
import { shortDate } from './ListFrame.tsx';
import { ReaderLink } from './NoteCard.tsx';

// Swatches a little stronger than the page highlight, ringed so even yellow stands out on white (3:1).
const SWATCHES: Record<Highlight['color'], string> = {
  yellow: 'bg-yellow-300',
  green: 'bg-green-400',
  blue: 'bg-sky-400',
  pink: 'bg-pink-400',
};

/** One highlight: the verse in its colour, a link into the reader, the date; change colour or remove. */
export function HighlightCard({ highlight, onColor, onDelete }: { highlight: Highlight; onColor: (c: Highlight['color']) => void; onDelete: () => void }) {
  const name = useId();
  return (
    <article className="card flex flex-col gap-3 sm:flex-row sm:items-start" aria-label={passageName(highlight.reference)} data-testid="highlight-card">
      <div className="min-w-0 flex-1">
        <h2 className="text-base">
          <ReaderLink reference={highlight.reference} />
        </h2>
        <p className="mt-2 font-serif text-lg leading-8">
          <mark
            className={`rounded px-1 py-0.5 text-stone-900 dark:text-stone-50 [box-decoration-break:clone] ${HIGHLIGHT_CLASSES[highlight.color]}`}
            data-color={highlight.color}
          >
            {highlight.text}
          </mark>
        </p>
        <p className="mt-2 text-xs text-stone-600 dark:text-stone-400">
          {HIGHLIGHT_COLOR_LABELS[highlight.color]} · highlighted <time dateTime={highlight.createdAt}>{shortDate(highlight.createdAt)}</time>
        </p>
      </div>
      <div className="flex shrink-0 items-center gap-3 sm:flex-col sm:items-end">
        <fieldset className="flex items-center gap-1.5">
          <legend className="sr-only">Colour of {passageName(highlight.reference)}</legend>
          {HIGHLIGHT_COLORS.map((c) => (
            <label key={c} className="relative cursor-pointer" title={HIGHLIGHT_COLOR_LABELS[c]}>
              <input type="radio" name={name} value={c} checked={highlight.color === c} onChange={() => onColor(c)} className="peer sr-only" />
              <span className="sr-only">{HIGHLIGHT_COLOR_LABELS[c]}</span>
              <span
                aria-hidden
                className={`block h-7 w-7 rounded-full border-2 border-stone-500 ${SWATCHES[c]} peer-checked:border-stone-900 peer-checked:ring-2 peer-checked:ring-stone-900 peer-checked:ring-offset-2 peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-[var(--color-accent)] dark:border-stone-400 dark:ring-offset-stone-900 dark:peer-checked:border-white dark:peer-checked:ring-white`}
              />
            </label>
          ))}
        </fieldset>
        <button type="button" className="button-ghost ml-auto px-2.5 sm:ml-0" onClick={onDelete}>
          <Trash2 aria-hidden size={16} /> Remove<span className="sr-only"> highlight on {passageName(highlight.reference)}</span>
        </button>
      </div>
    </article>
  );
}
