import { lazy, Suspense, useState, type ComponentPropsWithoutRef, type MouseEvent, type ReactNode } from 'react';

const load = () => import('./radix-popover.tsx');
const RadixPopover = lazy(load);

export interface PopoverProps {
  /** The button's props and content (it is rendered as a <button>). */
  trigger: { className: string; children: ReactNode; 'aria-label'?: string; onClick?: (e: MouseEvent) => void } & Record<`data-${string}`, string | boolean>;
  /** Radix's Popover.Content props; `arrowClassName` adds its arrow. */
  content: Omit<ComponentPropsWithoutRef<'div'>, 'children'> & {
    sideOffset?: number;
    align?: 'start' | 'center' | 'end';
    collisionPadding?: number;
    arrowClassName?: string;
  };
  children: ReactNode;
}

/**
 * A popover whose library (Radix, with its positioning engine: about 20 KB gzipped) loads when the
 * button is first pointed at, focused or pressed, not with the page. Until then the button is a plain
 * one announcing the same popup; pressed, it opens the popover as soon as the library has come.
 * Open state is the caller's when `open` is given, else its own.
 */
export function LazyPopover({ open: controlled, onOpenChange, ...props }: PopoverProps & { open?: boolean; onOpenChange?: (open: boolean) => void }) {
  const [own, setOwn] = useState(false);
  const [wanted, setWanted] = useState(false);
  const open = controlled ?? own;
  const setOpen = (next: boolean) => {
    setOwn(next);
    onOpenChange?.(next);
  };
  const plain = (
    <button
      type="button"
      {...props.trigger}
      aria-haspopup="dialog"
      aria-expanded={false}
      data-state="closed"
      onPointerEnter={() => void load()}
      onFocus={() => void load()}
      onClick={(e) => {
        props.trigger.onClick?.(e);
        setWanted(true);
        setOpen(true);
      }}
    />
  );
  if (!wanted && !open) return plain;
  return (
    <Suspense fallback={plain}>
      <RadixPopover {...props} open={open} onOpenChange={setOpen} />
    </Suspense>
  );
}
