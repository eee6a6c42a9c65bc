import * as RadixDialog from '@radix-ui/react-dialog';
import type { ComponentPropsWithoutRef, ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

/**
 * Every overlay of the app (dialogs, sheets, the study panel, the drawer) is a Radix dialog — focus
 * kept inside, Escape closes, the rest of the page hidden from assistive technology — over the same dimmed
 * backdrop. `layer="top"` is for what must interrupt an open overlay (the sign-in asked for when a
 * session ends).
 */
export const Dialog = RadixDialog.Root;
export const DialogTrigger = RadixDialog.Trigger;
export const DialogClose = RadixDialog.Close;
export const DialogTitle = RadixDialog.Title;
export const DialogDescription = RadixDialog.Description;

export function DialogContent({
  className,
  overlayClassName,
  layer = 'base',
  children,
  ...props
}: ComponentPropsWithoutRef<typeof RadixDialog.Content> & {
  /** The backdrop's look, in place of the usual dimming. */
  overlayClassName?: string;
  layer?: 'base' | 'top';
  children: ReactNode;
}) {
  return (
    <RadixDialog.Portal>
      <RadixDialog.Overlay className={cn('fixed inset-0', layer === 'top' ? 'z-[60]' : 'z-40', overlayClassName ?? 'bg-black/40')} />
      <RadixDialog.Content className={cn('fixed', layer === 'top' ? 'z-[70]' : 'z-50', className)} {...props}>
        {children}
      </RadixDialog.Content>
    </RadixDialog.Portal>
  );
}

/** The centred card of a small dialog (a question, a short form). */
export const DIALOG_CARD =
  'top-1/2 left-1/2 w-[min(92vw,26rem)] -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 text-stone-900 shadow-2xl dark:bg-stone-900 dark:text-stone-100';
