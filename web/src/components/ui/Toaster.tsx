import * as RadixToast from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import { dismissToast, TOAST_DURATION, useToasts } from './toast-store.ts';

/** Radix toasts: swipe right past 50 px dismisses (spec §9); F8 focuses the viewport. */
export default function Toaster() {
  const toasts = useToasts();
  return (
    <RadixToast.Provider swipeDirection="right" swipeThreshold={50} duration={TOAST_DURATION} label="Notification">
      {toasts.map((t) => (
        <RadixToast.Root
          key={t.id}
          open={t.open}
          duration={t.duration}
          onOpenChange={(open) => !open && dismissToast(t.id)}
          className={`toast ${t.variant === 'destructive' ? 'toast-destructive' : ''}`}
          data-testid="toast"
        >
          <div className="min-w-0 flex-1">
            <RadixToast.Title className="font-semibold">{t.title}</RadixToast.Title>
            {t.description && <RadixToast.Description className="mt-1 text-sm opacity-90">{t.description}</RadixToast.Description>}
          </div>
          <RadixToast.Close className="icon-button -m-1 shrink-0" aria-label="Dismiss notification">
            <X aria-hidden size={16} />
          </RadixToast.Close>
        </RadixToast.Root>
      ))}
      <RadixToast.Viewport hotkey={['F8']} className="toast-viewport" />
    </RadixToast.Provider>
  );
}
