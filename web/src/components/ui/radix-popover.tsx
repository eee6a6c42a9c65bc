import * as Popover from '@radix-ui/react-popover';
import type { PopoverProps } from './lazy-popover.tsx';

/** The Radix popover behind `LazyPopover`: focus moves in, Escape and outside clicks close it. */
export default function RadixPopover({
  open,
  onOpenChange,
  trigger,
  content,
  children,
}: PopoverProps & { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { arrowClassName, ...contentProps } = content;
  return (
    <Popover.Root open={open} onOpenChange={onOpenChange}>
      <Popover.Trigger {...trigger} />
      <Popover.Portal>
        <Popover.Content {...contentProps}>
          {children}
          {arrowClassName && <Popover.Arrow className={arrowClassName} />}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
