import { useTypedEarly } from '../../../lib/hooks/use-typed-early.ts';

/**
 * The email and password of a sign-in or sign-up form. `newPassword` asks the browser's password
 * manager to suggest one and shows the length rule. What was typed before the page hydrated is kept.
 */
export function CredentialFields({
  email,
  onEmail,
  password,
  onPassword,
  newPassword,
}: {
  email: string;
  onEmail: (value: string) => void;
  password: string;
  onPassword: (value: string) => void;
  newPassword?: { minLength: number };
}) {
  const emailField = useTypedEarly(email, onEmail);
  const passwordField = useTypedEarly(password, onPassword);
  return (
    <>
      <label className="flex flex-col gap-1 text-sm font-medium">
        Email
        <input ref={emailField} className="input" type="email" autoComplete="email" required value={email} onChange={(e) => onEmail(e.target.value)} />
      </label>
      <label className="flex flex-col gap-1 text-sm font-medium">
        Password
        <input
          ref={passwordField}
          className="input"
          type="password"
          autoComplete={newPassword ? 'new-password' : 'current-password'}
          required
          minLength={newPassword?.minLength}
          value={password}
          onChange={(e) => onPassword(e.target.value)}
          aria-describedby={newPassword ? 'password-hint' : undefined}
        />
        {newPassword && (
          <span id="password-hint" className="text-xs font-normal text-stone-600 dark:text-stone-400">
            At least {newPassword.minLength} characters.
          </span>
        )}
      </label>
    </>
  );
}
