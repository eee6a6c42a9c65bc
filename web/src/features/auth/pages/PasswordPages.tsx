import { Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../../lib/api-client.ts';
import { useTypedEarly } from '../../../lib/hooks/use-typed-early.ts';
import { requestPasswordReset, resetPassword } from '../api/auth.ts';

const shell = 'mx-auto flex max-w-sm flex-col gap-5 px-5 py-12';

/** Runs a form's action with a busy flag and the server's message on failure. */
function useFormAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, setError, run };
}

/** /forgot-password: always the same answer, so it never tells whether an address has an account. */
export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const emailField = useTypedEarly(email, setEmail);
  const [sent, setSent] = useState(false);
  const { busy, error, run } = useFormAction();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      await requestPasswordReset(email.trim());
      setSent(true);
    });
  };
  return (
    <div className={shell}>
      <h1 className="font-serif text-3xl font-semibold">Forgot your password?</h1>
      {sent ? (
        <p role="status">If an account uses {email.trim()}, we sent it a link to choose a new password. The link works for an hour.</p>
      ) : (
        <form onSubmit={submit} className="flex flex-col gap-4">
          <label className="flex flex-col gap-1 text-sm font-medium">
            Email
            <input ref={emailField} className="input" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
          </label>
          {error && (
            <p role="alert" className="text-sm text-red-800 dark:text-red-300">
              {error}
            </p>
          )}
          <button type="submit" className="button-primary" disabled={busy || !email.trim()}>
            {busy ? 'Sending…' : 'Send the link'}
          </button>
        </form>
      )}
      <Link to="/auth" search={{ mode: 'signin' }} className="text-sm underline underline-offset-2">
        Back to Login
      </Link>
    </div>
  );
}

/** /reset-password?token=…: the link from the mail lands here; without a token there is nothing to save. */
export function ResetPasswordPage({ token, error: linkError }: { token?: string; error?: string }) {
  if (linkError || !token) {
    return (
      <div className={shell}>
        <h1 className="font-serif text-3xl font-semibold">Choose a new password</h1>
        <p role="alert">This reset link is not valid any more. Links work for an hour, and only once.</p>
        <div className="flex flex-wrap items-center gap-4">
          <Link to="/forgot-password" className="button-primary no-underline">
            Send a new link
          </Link>
          <Link to="/auth" search={{ mode: 'signin' }} className="inline-flex min-h-11 items-center text-sm underline underline-offset-2">
            Back to Login
          </Link>
        </div>
      </div>
    );
  }
  return <NewPasswordForm token={token} />;
}

function NewPasswordForm({ token }: { token: string }) {
  const [password, setPassword] = useState('');
  const passwordField = useTypedEarly(password, setPassword);
  const [done, setDone] = useState(false);
  const { busy, error, setError, run } = useFormAction();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (password.length < 8) return setError('Use at least 8 characters for your password.');
    void run(async () => {
      await resetPassword(token, password);
      setDone(true);
    });
  };
  return (
    <div className={shell}>
      <h1 className="font-serif text-3xl font-semibold">Choose a new password</h1>
      {done ? (
        <p role="status">
          Your password is changed.{' '}
          <Link to="/auth" search={{ mode: 'signin' }} className="underline">
            Login
          </Link>{' '}
          with it now.
        </p>
      ) : (
        <form onSubmit={submit} className="flex flex-col gap-4">
          <label className="flex flex-col gap-1 text-sm font-medium">
            New password
            <input
              ref={passwordField}
              className="input"
              type="password"
              autoComplete="new-password"
              minLength={8}
              required
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </label>
          {error && (
            <p role="alert" className="text-sm text-red-800 dark:text-red-300">
              {error}{' '}
              <Link to="/forgot-password" className="underline">
                Send a new link
              </Link>
            </p>
          )}
          <button type="submit" className="button-primary" disabled={busy || !password}>
            {busy ? 'Saving…' : 'Save the new password'}
          </button>
        </form>
      )}
    </div>
  );
}
