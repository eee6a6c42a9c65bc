import { Dialog, DialogContent, DialogClose, DialogTitle, DIALOG_CARD } from '../../../components/ui/dialog.tsx';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useRef, useState, type FormEvent } from 'react';
import { FormMessages } from '../../../components/FormMessages.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useAction } from '../../../lib/hooks/use-action.ts';
import { toast } from '../../../components/ui/toast-store.ts';
import { signIn } from '../api/auth.ts';
import { CredentialFields } from './CredentialFields.tsx';

/** The sign-in asked for by SessionEnded: over the page, so nothing on it is lost. */
export default function SessionEndedDialog({ email: knownEmail, onDone }: { email: string; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [email, setEmail] = useState(knownEmail);
  const [password, setPassword] = useState('');
  const { busy, error, run } = useAction((e) => errorMessage(e));
  const form = useRef<HTMLFormElement>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      await signIn(email.trim(), password);
      // Everything personal was read as nobody's a moment ago: read it again as this person's.
      await queryClient.invalidateQueries();
      toast({ title: 'Signed in again', description: 'You can save your work now.', duration: 4000 });
      onDone();
    });
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onDone()}>
      {/* Above every other layer, the study panel included: this interrupts whatever is open. */}
      <DialogContent
        layer="top"
        aria-describedby="session-ended-text"
        onOpenAutoFocus={(e) => {
          if (!knownEmail) return;
          e.preventDefault();
          form.current?.querySelector<HTMLInputElement>('input[type="password"]')?.focus();
        }}
        className={DIALOG_CARD}
      >
        <DialogTitle className="font-serif text-2xl font-semibold">Please sign in again</DialogTitle>
        <p id="session-ended-text" className="mt-2 text-stone-700 dark:text-stone-300">
          You were signed out, perhaps on another device or after a password change. What you were writing is still here: sign in and save it again.
        </p>
        <form ref={form} onSubmit={submit} className="mt-5 flex flex-col gap-4" noValidate>
          <CredentialFields email={email} onEmail={setEmail} password={password} onPassword={setPassword} />
          <FormMessages error={error} notice={null} />
          <div className="flex flex-wrap items-center justify-end gap-2">
            <DialogClose className="button-ghost">Not now</DialogClose>
            <button type="submit" className="button-primary" disabled={busy || !email.trim() || !password}>
              {busy ? 'Please wait…' : 'Sign in'}
            </button>
          </div>
        </form>
        <Link to="/forgot-password" className="mt-4 inline-block text-sm underline underline-offset-2" onClick={onDone}>
          Forgot your password?
        </Link>
      </DialogContent>
    </Dialog>
  );
}
