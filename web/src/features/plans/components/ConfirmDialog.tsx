import type { ReactNode } from 'react';
import { FormMessages } from '../../../components/FormMessages.tsx';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle, DialogTrigger, DIALOG_CARD } from '../../../components/ui/dialog.tsx';

export const DANGER_BUTTON = 'button bg-red-700 text-white hover:bg-red-800 dark:bg-red-400 dark:text-stone-950 dark:hover:bg-red-300';

/**
 * A question before something that cannot be undone (leaving a plan, replacing one's own plan). A Radix
 * dialog: focus stays inside, Escape and Cancel close it, and focus goes back to what opened it.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  confirm,
  busyLabel,
  busy,
  error,
  onConfirm,
  onCloseAutoFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opens it, when there is one (else it is opened by the page). */
  trigger?: ReactNode;
  title: string;
  description: ReactNode;
  confirm: string;
  busyLabel: string;
  busy: boolean;
  error: string | null;
  onConfirm: () => void;
  /** Where focus goes on closing, when the dialog has no trigger to go back to. */
  onCloseAutoFocus?: (event: Event) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {trigger && <DialogTrigger asChild>{trigger}</DialogTrigger>}
      <DialogContent overlayClassName="bg-black/50" className={DIALOG_CARD} onCloseAutoFocus={onCloseAutoFocus}>
        <DialogTitle className="font-serif text-2xl font-semibold">{title}</DialogTitle>
        <DialogDescription className="mt-2 text-stone-700 dark:text-stone-300">{description}</DialogDescription>
        {error && (
          <div className="mt-4">
            <FormMessages error={error} notice={null} />
          </div>
        )}
        <div className="mt-5 flex flex-wrap justify-end gap-2">
          <DialogClose className="button-secondary">Cancel</DialogClose>
          <button type="button" className={DANGER_BUTTON} disabled={busy} onClick={onConfirm}>
            {busy ? busyLabel : confirm}
          </button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
