import { ArrowUp } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import type { CommentaryEntry } from '#common/contracts/study-tools.ts';
import { useCommentaries } from '../api/study-tools.ts';
import { commentaryOrder, inReaderOrder, movedUp } from '../store/commentary-order.ts';
import { LoadFailed, ToolLoading } from './ToolStates.tsx';

const paragraphWord = new Intl.PluralRules('en');

/** Issue 30 §3: every installed commentary on the verse, in the order the reader chose. */
export function CommentaryTab({ book, chapter, verse }: { book: string; chapter: number; verse: number }) {
  const query = useCommentaries(book, chapter, verse);
  const [order, setOrder] = useState(() => commentaryOrder.read());
  const [status, setStatus] = useState('');
  const headings = useRef(new Map<string, HTMLElement>());
  const moveButtons = useRef(new Map<string, HTMLButtonElement>());

  if (query.isPending) return <ToolLoading label="Loading commentaries" />;
  if (query.isError) return <LoadFailed what="commentaries" onRetry={() => void query.refetch()} />;

  const shown = inReaderOrder(query.data.commentaries, order);
  if (shown.length === 0) {
    return (
      <div className="rounded-xl border border-dashed border-stone-300 p-4 text-sm dark:border-stone-700" data-testid="commentary-empty">
        {query.data.installed === 0 ? (
          <p>No commentary is installed. An administrator can add one from the Library.</p>
        ) : (
          <p>
            None of the installed commentaries has a note on {book} {chapter}:{verse}.
          </p>
        )}
      </div>
    );
  }

  const moveUp = (c: CommentaryEntry) => {
    const names = shown.map((s) => s.module);
    const next = movedUp(names, c.module, order);
    setOrder(next);
    commentaryOrder.write(next);
    const place = next.indexOf(c.module);
    setStatus(`${c.name} moved to place ${place + 1} of ${names.length}.`);
    // The moved section's DOM node is moved too, which loses focus: give it back where the reader was.
    requestAnimationFrame(() => (place > 0 ? moveButtons.current.get(c.module) : headings.current.get(c.module))?.focus());
  };

  return (
    <div className="space-y-4">
      <p role="status" className="sr-only">
        {status}
      </p>
      {shown.map((c, i) => (
        <CommentarySection
          key={c.module}
          commentary={c}
          first={i === 0}
          onMoveUp={() => moveUp(c)}
          headingRef={(el) => void (el ? headings.current.set(c.module, el) : headings.current.delete(c.module))}
          buttonRef={(el) => void (el ? moveButtons.current.set(c.module, el) : moveButtons.current.delete(c.module))}
        />
      ))}
    </div>
  );
}

function CommentarySection({
  commentary: c,
  first,
  onMoveUp,
  headingRef,
  buttonRef,
}: {
  commentary: CommentaryEntry;
  first: boolean;
  onMoveUp: () => void;
  headingRef: (el: HTMLElement | null) => void;
  buttonRef: (el: HTMLButtonElement | null) => void;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-xl border border-stone-200 bg-white p-4 dark:border-stone-700 dark:bg-stone-900" data-testid="commentary">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={id} ref={headingRef} tabIndex={-1} className="font-serif text-lg leading-snug font-semibold outline-none focus-visible:underline">
            {c.name}
          </h3>
          <p className="mt-0.5 text-sm text-stone-600 dark:text-stone-400" data-testid="commentary-on">
            {c.section ? `From the comment on ${c.on}` : `On ${c.on}`}
          </p>
        </div>
        {!first && (
          <button ref={buttonRef} type="button" className="button-ghost shrink-0 px-3" aria-label={`Move ${c.name} up`} onClick={onMoveUp}>
            <ArrowUp aria-hidden size={16} /> Move up
          </button>
        )}
      </div>
      <div className="mt-3 space-y-3 font-serif leading-7 text-stone-900 dark:text-stone-200">
        {c.paragraphs.map((p, i) => (
          <p key={i}>{p}</p>
        ))}
      </div>
      {c.more > 0 && (
        <p className="mt-3 text-sm text-stone-600 italic dark:text-stone-400">
          {c.more.toLocaleString()} more {paragraphWord.select(c.more) === 'one' ? 'paragraph' : 'paragraphs'} in the full commentary.
        </p>
      )}
      <p className="mt-3 border-t border-stone-200 pt-2 text-xs text-stone-600 dark:border-stone-700 dark:text-stone-400" data-testid="commentary-licence">
        {c.licence}
        {c.copyright ? ` · ${c.copyright}` : ''}
      </p>
    </section>
  );
}
