import type { ComponentPropsWithoutRef } from 'react';
import { cn } from '../../lib/cn.ts';
import { DialogContent } from './dialog.tsx';

const SIDES = {
  // Phones' menus rise from the bottom edge, above the home indicator, with a grab handle.
  bottom: {
    panel:
      'sheet inset-x-0 bottom-0 max-h-[85dvh] overflow-y-auto rounded-t-2xl bg-white pb-[max(1rem,env(safe-area-inset-bottom))] text-stone-900 shadow-2xl dark:bg-stone-900 dark:text-stone-100',
    overlay: 'sheet-overlay bg-black/40',
  },
  left: { panel: 'inset-y-0 left-0 w-72 max-w-[85vw] bg-stone-50 shadow-xl dark:bg-stone-900', overlay: undefined },
  // The study panel: the whole screen on phones, a 30 rem side panel on wider screens beside the text.
  right: {
    panel:
      'inset-0 bg-stone-50 shadow-2xl md:inset-y-0 md:right-0 md:left-auto md:w-[30rem] md:border-l md:border-stone-200 dark:bg-stone-950 md:dark:border-stone-800',
    overlay: 'bg-black/30',
  },
} as const;

/** A dialog that slides in from an edge: the same focus, Escape and backdrop as every other overlay. */
export function SheetContent({ side, className, children, ...props }: ComponentPropsWithoutRef<typeof DialogContent> & { side: keyof typeof SIDES }) {
  return (
    <DialogContent overlayClassName={SIDES[side].overlay} className={cn(SIDES[side].panel, className)} {...props}>
      {side === 'bottom' && <div aria-hidden className="mx-auto mb-3 h-1.5 w-10 rounded-full bg-stone-300 dark:bg-stone-600" />}
      {children}
    </DialogContent>
  );
}
