import { useState, type FormEvent } from 'react';
import { Mail } from 'lucide-react';
import { EMAIL_PATTERN, INVALID_EMAIL } from '#common/newsletter/rules.ts';
import { subscribe } from '../api/newsletter.ts';

type State = { kind: 'idle' } | { kind: 'loading' } | { kind: 'success'; message: string } | { kind: 'error'; message: string };

/** Spec §4 Newsletter form: idle; loading ('Subscribing...'); success replaces the form; an error shows under it. */
export function NewsletterSignup() {
  const [email, setEmail] = useState('');
  const [state, setState] = useState<State>({ kind: 'idle' });
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const value = email.trim();
    if (!value || !EMAIL_PATTERN.test(value)) return setState({ kind: 'error', message: INVALID_EMAIL });
    setState({ kind: 'loading' });
    try {
      setState({ kind: 'success', message: await subscribe(value) });
    } catch (error) {
      setState({ kind: 'error', message: (error as Error).message });
    }
  };
  return (
    <section aria-labelledby="newsletter-heading" className="card flex flex-col gap-3">
      <div className="flex items-center gap-2">
        <Mail aria-hidden className="text-orange-800 dark:text-orange-300" size={20} />
        <h2 id="newsletter-heading" className="font-serif text-xl font-semibold">
          The weekly devotional
        </h2>
      </div>
      {state.kind === 'success' ? (
        <p role="status" className="text-stone-800 dark:text-stone-200">
          {state.message}
        </p>
      ) : (
        <>
          <p className="text-stone-700 dark:text-stone-300">The week’s verses, a prayer and new lessons, every Monday. Unsubscribe with one click.</p>
          <form className="flex flex-col gap-2 sm:flex-row" onSubmit={(e) => void submit(e)} noValidate>
            <label htmlFor="newsletter-email" className="sr-only">
              Email address
            </label>
            <input
              id="newsletter-email"
              type="email"
              autoComplete="email"
              className="input"
              placeholder="you@example.org"
              value={email}
              aria-invalid={state.kind === 'error' || undefined}
              aria-describedby={state.kind === 'error' ? 'newsletter-error' : undefined}
              onChange={(e) => setEmail(e.target.value)}
            />
            <button type="submit" className="button-primary shrink-0" disabled={state.kind === 'loading'}>
              {state.kind === 'loading' ? 'Subscribing...' : 'Subscribe'}
            </button>
          </form>
          {state.kind === 'error' && (
            <p id="newsletter-error" role="alert" className="text-sm text-red-800 dark:text-red-300">
              {state.message}
            </p>
          )}
        </>
      )}
    </section>
  );
}
