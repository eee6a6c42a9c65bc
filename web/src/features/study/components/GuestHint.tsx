import { Link } from '@tanstack/react-router';
import { Info } from 'lucide-react';

/** Spec §6: a guest's items are in this browser; signing in moves them into an account (and keeps them). */
export function GuestHint({ noun }: { noun: string }) {
  return (
    <aside
      className="flex gap-3 rounded-xl border border-orange-200 bg-orange-50 p-4 text-sm text-orange-950 dark:border-orange-900 dark:bg-orange-950/50 dark:text-orange-50"
      aria-label="Kept in this browser"
    >
      <Info aria-hidden size={18} className="mt-0.5 shrink-0" />
      <p>
        Your {noun} are kept in this browser only.{' '}
        <Link to="/auth" search={{ mode: 'signin' }} className="font-semibold underline">
          Sign in
        </Link>{' '}
        or{' '}
        <Link to="/auth" search={{ mode: 'signup' }} className="font-semibold underline">
          create a free account
        </Link>{' '}
        to keep them in your account, on every device — they move there by themselves.
      </p>
    </aside>
  );
}
