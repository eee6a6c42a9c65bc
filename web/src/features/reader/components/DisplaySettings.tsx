import { LazyPopover } from '../../../components/ui/lazy-popover.tsx';
import { Type } from 'lucide-react';
import { cn } from '../../../lib/cn.ts';
import { FONT_SIZES } from '#common/study/rules.ts';
import { setFontSize, setRedLetters, useReaderSettings } from '../api/reader-settings.ts';
import { FONT_SIZE_LABELS } from './font-sizes.ts';

/** Text size and red letters; both apply at once and are kept in the browser. */
export function DisplaySettings() {
  const { fontSize, redLetters } = useReaderSettings();
  return (
    <LazyPopover
      trigger={{ className: 'icon-button', 'aria-label': 'Display settings', children: <Type aria-hidden size={20} /> }}
      content={{ sideOffset: 6, align: 'end', collisionPadding: 10, className: 'popover w-64 p-3' }}
    >
      <fieldset>
        <legend className="mb-2 text-sm font-semibold">Text size</legend>
        <div className="grid grid-cols-3 gap-1" role="radiogroup" aria-label="Text size">
          {FONT_SIZES.map((size) => (
            <button
              key={size}
              type="button"
              role="radio"
              aria-checked={fontSize === size}
              onClick={() => setFontSize(size)}
              className={cn(
                'rounded-md border px-2 py-1.5 text-sm',
                fontSize === size
                  ? 'border-orange-800 bg-orange-100 font-semibold dark:border-orange-300 dark:bg-orange-950'
                  : 'border-stone-300 dark:border-stone-700',
              )}
            >
              {FONT_SIZE_LABELS[size]}
            </button>
          ))}
        </div>
      </fieldset>
      <label className="mt-4 flex items-center justify-between gap-3 text-sm">
        <span>Words of Jesus in red</span>
        <input type="checkbox" className="h-5 w-5 accent-orange-800" checked={redLetters} onChange={(e) => setRedLetters(e.target.checked)} />
      </label>
    </LazyPopover>
  );
}
