import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useRouter } from '@tanstack/react-router';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { resendVerification, signIn, signUp, useCurrentUser } from '../api/auth.ts';
import { CredentialFields } from '../components/CredentialFields.tsx';

const MIN_PASSWORD = 8;

/**
 * /auth?mode=signin|signup: one form; switching modes keeps what was typed. Someone already signed in
 * is sent on to `next`, or home.
 */
export function AuthForm({ mode, next }: { mode: 'signin' | 'signup'; next?: string }) {
  const navigate = useNavigate();
  const router = useRouter();
  const queryClient = useQueryClient();
  const signedIn = Boolean(useCurrentUser().data);
  // Signing in here goes on by itself (below); this is for someone who arrived signed in.
  const submitted = useRef(false);
  useEffect(() => {
    if (!signedIn || submitted.current) return;
    if (next) router.history.replace(next);
    else void navigate({ to: '/', replace: true });
  }, [signedIn, next, router, navigate]);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [unverified, setUnverified] = useState(false);
  const signingUp = mode === 'signup';

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    submitted.current = true;
    setError(null);
    setNotice(null);
    if (signingUp && password.length < MIN_PASSWORD) return setError(`Use at least ${MIN_PASSWORD} characters for your password.`);
    setBusy(true);
    try {
      if (signingUp) {
        await signUp(email.trim(), password);
        setSentTo(email.trim());
        setPassword('');
      } else {
        await signIn(email.trim(), password);
        await queryClient.invalidateQueries({ queryKey: ['auth'] });
        if (next) router.history.push(next);
        else await navigate({ to: '/bible' });
      }
    } catch (err) {
      setUnverified(err instanceof ApiError && err.status === 403);
      setError(err instanceof ApiError && err.status === 403 ? 'Please confirm your email first: open the link we sent you.' : errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  if (signingUp && sentTo) return <SignUpSent email={sentTo} onAnother={() => setSentTo(null)} />;

  return (
    <div className="mx-auto flex max-w-sm flex-col gap-5 px-5 py-12">
      <h1 className="font-serif text-3xl font-semibold">{signingUp ? 'Create your account' : 'Welcome back'}</h1>
      <div className="grid grid-cols-2 gap-1 rounded-lg bg-stone-200 p-1 dark:bg-stone-800" role="tablist" aria-label="Sign in or sign up">
        {(['signin', 'signup'] as const).map((m) => (
          <Link
            key={m}
            to="/auth"
            search={{ mode: m, next }}
            replace
            role="tab"
            aria-selected={mode === m}
            className={`rounded-md px-3 py-1.5 text-center text-sm font-medium no-underline ${mode === m ? 'bg-white shadow-sm dark:bg-stone-950' : ''}`}
          >
            {m === 'signin' ? 'Login' : 'Sign Up'}
          </Link>
        ))}
      </div>
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <CredentialFields
          email={email}
          onEmail={setEmail}
          password={password}
          onPassword={setPassword}
          newPassword={signingUp ? { minLength: MIN_PASSWORD } : undefined}
        />
        {error && (
          <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-900 dark:bg-red-950 dark:text-red-100">
            {error}
            {unverified && (
              <button
                type="button"
                className="ml-1 underline"
                onClick={() => void resendVerification(email.trim()).then(() => setNotice('We sent the link again.'))}
              >
                Send the link again
              </button>
            )}
          </p>
        )}
        {notice && (
          <p role="status" className="rounded-lg bg-green-50 p-3 text-sm text-green-900 dark:bg-green-950 dark:text-green-100">
            {notice}
          </p>
        )}
        <button type="submit" className="button-primary" disabled={busy || !email.trim() || !password}>
          {busy ? 'Please wait…' : signingUp ? 'Sign Up' : 'Login'}
        </button>
      </form>
      {!signingUp && (
        <Link to="/forgot-password" className="text-sm underline underline-offset-2">
          Forgot your password?
        </Link>
      )}
    </div>
  );
}

/** After a sign-up: the form is done (nothing left filled to send twice); what to do next, and a way back. */
function SignUpSent({ email, onAnother }: { email: string; onAnother: () => void }) {
  const [again, setAgain] = useState<'sending' | 'sent' | null>(null);
  return (
    <div className="mx-auto flex max-w-sm flex-col gap-5 px-5 py-12">
      <h1 className="font-serif text-3xl font-semibold">Check your email</h1>
      <p role="status" className="rounded-lg bg-green-50 p-3 text-green-900 dark:bg-green-950 dark:text-green-100">
        We sent a link to {email}. Open it to confirm your email and finish signing up.
      </p>
      <p className="text-sm text-stone-700 dark:text-stone-300" aria-live="polite">
        {again === 'sent' ? 'We sent the link again.' : 'No mail after a few minutes? Look in your spam folder, or have it sent again.'}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="button"
          className="button-secondary"
          disabled={again === 'sending'}
          onClick={() => {
            setAgain('sending');
            void resendVerification(email).then(
              () => setAgain('sent'),
              () => setAgain(null),
            );
          }}
        >
          Send the link again
        </button>
        <button type="button" className="button-ghost" onClick={onAnother}>
          Use another email
        </button>
      </div>
    </div>
  );
}
