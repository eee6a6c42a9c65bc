import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog.tsx';
import { cn } from '../../../lib/cn.ts';

/** What the verse dialogs (visualize, share) are opened with: the selection as the reader shows it. */
export interface VerseDialogProps {
  reference: string;
  verseText: string;
  translation: string;
  onClose: () => void;
}

/**
 * The frame of the pictures dialogs (verse gallery, chapter illustrations, share): the whole phone
 * screen but a margin, a centred column on wider screens; a title, a line under it, a close button,
 * and a body that scrolls.
 */
export function PicturesDialog({
  title,
  description,
  closeLabel,
  onClose,
  bodyClassName,
  children,
}: {
  title: string;
  description: string;
  closeLabel: string;
  onClose: () => void;
  bodyClassName?: string;
  children: ReactNode;
}) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="inset-x-2 top-2 flex max-h-[calc(100dvh-1rem)] flex-col overflow-hidden rounded-2xl bg-white text-stone-900 shadow-2xl sm:inset-x-auto sm:top-[5vh] sm:left-1/2 sm:max-h-[90vh] sm:w-[min(92vw,44rem)] sm:-translate-x-1/2 dark:bg-stone-900 dark:text-stone-100">
        <div className="flex items-start justify-between gap-2 border-b border-stone-200 px-4 py-3 dark:border-stone-800">
          <div>
            <DialogTitle className="font-serif text-xl font-semibold">{title}</DialogTitle>
            <DialogDescription className="text-sm text-stone-600 dark:text-stone-400">{description}</DialogDescription>
          </div>
          <DialogClose className="icon-button -mr-2 shrink-0" aria-label={closeLabel}>
            <X aria-hidden size={20} />
          </DialogClose>
        </div>
        <div className={cn('min-h-0 flex-1 overflow-y-auto p-4', bodyClassName)}>{children}</div>
      </DialogContent>
    </Dialog>
  );
}
