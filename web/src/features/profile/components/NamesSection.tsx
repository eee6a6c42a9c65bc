import { useState, type FormEvent } from 'react';
import { Field, FormMessages, Section } from '../../../components/FormMessages.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useAction } from '../../../lib/hooks/use-action.ts';
import type { CurrentUser } from '#common/contracts/account.ts';
import { updateProfile } from '../api/profile.ts';
import { useSetUser } from '../api/use-set-user.ts';

const MAX = 50;

/** Display name (non-blank after trimming, at most 50: the settings rule) and an optional first name. */
export function NamesSection({ user }: { user: CurrentUser }) {
  const setUser = useSetUser();
  const [displayName, setDisplayName] = useState(user.displayName ?? '');
  const [firstName, setFirstName] = useState(user.firstName ?? '');
  const [touched, setTouched] = useState(false);
  const { busy, error, notice, run } = useAction((e) => errorMessage(e));
  const blank = !displayName.trim();
  const unchanged = displayName.trim() === (user.displayName ?? '') && firstName.trim() === (user.firstName ?? '');

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (blank) return;
    void run(async () => {
      const saved = await updateProfile({ displayName: displayName.trim(), firstName: firstName.trim() });
      setUser(saved);
      setDisplayName(saved.displayName ?? '');
      setFirstName(saved.firstName ?? '');
      return 'Your names are saved.';
    });
  };

  return (
    <Section title="Your name" id="names-heading">
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <Field id="profile-display-name" label="Display name">
          <input
            id="profile-display-name"
            className="input"
            value={displayName}
            maxLength={MAX}
            required
            autoComplete="nickname"
            aria-invalid={touched && blank}
            aria-describedby="profile-display-name-hint"
            onChange={(e) => {
              setDisplayName(e.target.value);
              setTouched(true);
            }}
          />
          <p
            id="profile-display-name-hint"
            className={touched && blank ? 'text-sm text-red-800 dark:text-red-300' : 'text-xs text-stone-600 dark:text-stone-400'}
          >
            {touched && blank ? 'Display name cannot be blank.' : `The name others see when you share; up to ${MAX} characters.`}
          </p>
        </Field>
        <Field
          id="profile-first-name"
          label={
            <>
              First name <span className="font-normal text-stone-600 dark:text-stone-400">(optional)</span>
            </>
          }
        >
          <input
            id="profile-first-name"
            className="input"
            value={firstName}
            maxLength={MAX}
            autoComplete="given-name"
            onChange={(e) => setFirstName(e.target.value)}
          />
        </Field>
        <FormMessages error={error} notice={notice} />
        <button type="submit" className="button-primary self-start" disabled={busy || blank || unchanged}>
          {busy ? 'Saving…' : 'Save names'}
        </button>
      </form>
    </Section>
  );
}
