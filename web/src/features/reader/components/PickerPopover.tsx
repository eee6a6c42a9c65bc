import { LazyPopover } from '../../../components/ui/lazy-popover.tsx';
import { ChevronDown } from 'lucide-react';
import type { ReactNode } from 'react';

/** A header button that opens a popover (focus moves in, Escape and outside clicks close it). */
export function PickerPopover({
  label,
  prefix,
  prefixShownFromSm = false,
  value,
  open,
  onOpenChange,
  children,
  wide = false,
  shrink = false,
  field = false,
}: {
  /** Names the popover; the button's own name is its prefix and value ("Book: John"). */
  label: string;
  /** What the value is: read by assistive technology, shown too from 640 px when `prefixShownFromSm`. */
  prefix: string;
  prefixShownFromSm?: boolean;
  value: ReactNode;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
  wide?: boolean;
  /** May this button give up width on a narrow header (the book name truncates)? */
  shrink?: boolean;
  /** A full-width control in a form or sidebar, its value wrapping rather than cut short. */
  field?: boolean;
}) {
  return (
    <LazyPopover
      open={open}
      onOpenChange={onOpenChange}
      trigger={{
        className: field
          ? 'input flex min-h-11 items-center justify-between gap-2 text-left text-sm'
          : `button-ghost min-w-11 ${shrink ? '' : 'shrink-0'} gap-0.5 px-1.5 py-1.5 text-[0.95rem] font-semibold whitespace-nowrap sm:gap-1 sm:px-2.5 sm:text-base`,
        children: (
          <>
            <span className={field ? 'min-w-0' : 'min-w-0 truncate'}>
              <span className={prefixShownFromSm ? 'sr-only sm:not-sr-only' : 'sr-only'}>{prefix}</span>
              {value}
            </span>
            <ChevronDown aria-hidden size={16} className="shrink-0 opacity-60" />
          </>
        ),
      }}
      content={{
        sideOffset: 6,
        align: 'start',
        collisionPadding: 10,
        className: `popover flex max-h-[min(70vh,32rem)] flex-col ${wide ? 'w-[min(92vw,26rem)]' : 'w-[min(92vw,20rem)]'}`,
        'aria-label': label,
      }}
    >
      {children}
    </LazyPopover>
  );
}
