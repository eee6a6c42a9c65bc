import { useState, type FormEvent } from 'react';
import { Field, FormMessages, Section } from '../../../components/FormMessages.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useAction } from '../../../lib/hooks/use-action.ts';
import { WRONG_PASSWORD, changePassword } from '../api/profile.ts';

const MIN = 8;

/** better-auth's change-password: the current password proves it is you; other devices can be signed out. */
export function PasswordSection({ email }: { email: string }) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [signOutOthers, setSignOutOthers] = useState(true);
  const { busy, error, notice, run } = useAction((e) => errorMessage(e, WRONG_PASSWORD));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      if (next.length < MIN) throw new Error(`Use at least ${MIN} characters for your new password.`);
      if (next !== repeat) throw new Error('The two new passwords are not the same.');
      await changePassword(current, next, signOutOthers);
      setCurrent('');
      setNext('');
      setRepeat('');
      return signOutOthers ? 'Your password is changed. Other devices are signed out.' : 'Your password is changed.';
    });
  };

  return (
    <Section title="Password" id="password-heading">
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        {/* For password managers: which account this password belongs to. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <label className="flex flex-col gap-1 text-sm font-medium">
          Current password
          <input className="input" type="password" autoComplete="current-password" required value={current} onChange={(e) => setCurrent(e.target.value)} />
        </label>
        <Field id="new-password" label="New password">
          <input
            id="new-password"
            className="input"
            type="password"
            autoComplete="new-password"
            required
            minLength={MIN}
            value={next}
            aria-describedby="new-password-hint"
            onChange={(e) => setNext(e.target.value)}
          />
          <span id="new-password-hint" className="text-xs text-stone-600 dark:text-stone-400">
            At least {MIN} characters.
          </span>
        </Field>
        <label className="flex flex-col gap-1 text-sm font-medium">
          Repeat the new password
          <input className="input" type="password" autoComplete="new-password" required value={repeat} onChange={(e) => setRepeat(e.target.value)} />
        </label>
        <label className="flex items-center gap-3 text-sm">
          <input
            type="checkbox"
            className="h-5 w-5 accent-orange-800 dark:accent-orange-300"
            checked={signOutOthers}
            onChange={(e) => setSignOutOthers(e.target.checked)}
          />
          Sign out on my other devices
        </label>
        <FormMessages error={error} notice={notice} />
        <button type="submit" className="button-primary self-start" disabled={busy || !current || !next || !repeat}>
          {busy ? 'Changing…' : 'Change password'}
        </button>
      </form>
    </Section>
  );
}
