import { useCallback, type ReactNode } from 'react';
import { cn } from '../../../lib/cn.ts';

/** A titled group of choices inside a picker popover (books of a testament, translations of a language). */
export function PickerSection({ title, columns = 1, children }: { title: string; columns?: 1 | 2; children: ReactNode }) {
  return (
    <section aria-label={title} className="mb-2">
      <h4 className="px-2 py-1 text-xs font-semibold tracking-wide text-stone-600 uppercase dark:text-stone-400">{title}</h4>
      <ul className={cn(columns === 2 && 'grid grid-cols-2 gap-0.5')}>{children}</ul>
    </section>
  );
}

/** One choice; the current one is marked for sight and for screen readers, and shown when the list opens. */
export function PickerItem({ current, onPick, className, children }: { current: boolean; onPick: () => void; className?: string; children: ReactNode }) {
  // The list opens where the reader is (John, not Genesis), without moving the page behind it.
  const reveal = useCallback(
    (el: HTMLButtonElement | null) => {
      if (el && current) el.scrollIntoView({ block: 'center', inline: 'nearest' });
    },
    [current],
  );
  return (
    <li>
      <button
        ref={reveal}
        type="button"
        className={cn(
          'w-full rounded-md px-2 py-1.5 text-left text-sm max-sm:min-h-11 hover:bg-stone-100 dark:hover:bg-stone-800',
          current && 'bg-orange-100 font-semibold dark:bg-orange-950',
          className,
        )}
        aria-current={current ? 'true' : undefined}
        onClick={onPick}
      >
        {children}
      </button>
    </li>
  );
}
