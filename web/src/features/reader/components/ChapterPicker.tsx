import { useState } from 'react';
import { cn } from '../../../lib/cn.ts';
import { PickerPopover } from './PickerPopover.tsx';

/** Chapter grid (spec §2 Reader header). */
export function ChapterPicker({ chapters, current, onSelect }: { chapters: readonly number[]; current: number; onSelect: (chapter: number) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <PickerPopover label="Choose a chapter" prefix="Chapter " prefixShownFromSm value={current} open={open} onOpenChange={setOpen}>
      <ul className="grid grid-cols-6 gap-1 overflow-y-auto">
        {chapters.map((c) => (
          <li key={c}>
            <button
              type="button"
              className={cn(
                'h-11 w-full rounded-md sm:h-10 text-sm tabular-nums hover:bg-stone-100 dark:hover:bg-stone-800',
                c === current && 'bg-orange-800 font-semibold text-white hover:bg-orange-900 dark:bg-orange-300 dark:text-stone-950 dark:hover:bg-orange-200',
              )}
              aria-current={c === current ? 'true' : undefined}
              aria-label={`Chapter ${c}`}
              onClick={() => {
                onSelect(c);
                setOpen(false);
              }}
            >
              {c}
            </button>
          </li>
        ))}
      </ul>
    </PickerPopover>
  );
}
