import { Dialog, DialogContent, DialogTrigger, DialogClose, DialogTitle, DialogDescription, DIALOG_CARD } from '../../../components/ui/dialog.tsx';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { FormMessages, Section } from '../../../components/FormMessages.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useAction } from '../../../lib/hooks/use-action.ts';
import { currentUserQuery } from '../../auth/api/auth.ts';
import { WRONG_PASSWORD, deleteAccount } from '../api/profile.ts';

const danger = 'button bg-red-700 text-white hover:bg-red-800 dark:bg-red-400 dark:text-stone-950 dark:hover:bg-red-300';

/**
 * Deleting the account takes everything with it (the database cascades from the user row), so it
 * asks twice: a dialog that says what goes, and the password.
 */
export function DeleteAccountSection({ email }: { email: string }) {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { busy, error, setError, run } = useAction((e) => errorMessage(e, WRONG_PASSWORD));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      await deleteAccount(password);
      // Home first (this page is for signed-in people only), then nobody is signed in and every
      // cached reply of the account is fetched again as a guest's.
      await navigate({ to: '/' });
      queryClient.setQueryData(currentUserQuery.queryKey, null);
      void queryClient.invalidateQueries();
      toast({
        title: 'Your account is deleted',
        description: 'Your notes, highlights, settings and picture were removed with it. You are signed out.',
        duration: 6000,
      });
    });
  };

  return (
    <Section title="Delete account" id="delete-heading" tone="danger">
      <p className="mb-4 text-sm text-stone-700 dark:text-stone-300">
        Removes your account and everything in it: notes, highlights, settings, profile picture and study history. This cannot be undone.
      </p>
      <Dialog
        open={open}
        onOpenChange={(o) => {
          setOpen(o);
          setPassword('');
          setError(null);
        }}
      >
        <DialogTrigger className={danger}>Delete account…</DialogTrigger>
        <DialogContent overlayClassName="bg-black/50" className={DIALOG_CARD}>
          <DialogTitle className="font-serif text-2xl font-semibold">Delete your account?</DialogTitle>
          <DialogDescription className="mt-2 text-stone-700 dark:text-stone-300">
            {email} and all its notes, highlights, settings, picture and study history will be deleted for good. Enter your password to confirm.
          </DialogDescription>
          <form onSubmit={submit} className="mt-5 flex flex-col gap-4" noValidate>
            <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
            <label className="flex flex-col gap-1 text-sm font-medium">
              Your password
              <input
                className="input"
                type="password"
                autoComplete="current-password"
                required
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
            </label>
            <FormMessages error={error} notice={null} />
            <div className="flex flex-wrap justify-end gap-2">
              <DialogClose className="button-secondary">Cancel</DialogClose>
              <button type="submit" className={danger} disabled={busy || !password}>
                {busy ? 'Deleting…' : 'Delete my account for good'}
              </button>
            </div>
          </form>
        </DialogContent>
      </Dialog>
    </Section>
  );
}
