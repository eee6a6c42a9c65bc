import { useQuery } from '@tanstack/react-query';
import { Link, Navigate } from '@tanstack/react-router';
import { ShieldCheck } from 'lucide-react';
import { useCurrentUser } from '../../auth/api/auth.ts';
import { adminAccessQuery } from '../api/admin.ts';

/** /admin: what the server's admin check allows. Guests go to the admin sign-in; other users are told no. */
export function AdminPage() {
  const access = useQuery(adminAccessQuery);
  const user = useCurrentUser();
  if (access.isPending || (access.isFetching && access.data !== 'admin'))
    return <p className="px-6 py-12 text-center text-stone-700 dark:text-stone-300">Checking your access…</p>;
  if (access.data === 'signed-out') return <Navigate to="/secret-admin-login" replace />;
  if (access.data === 'not-admin' || access.isError) {
    return (
      <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-6 py-16 text-center">
        <h1 className="font-serif text-3xl font-semibold">Not allowed</h1>
        <p role="alert" className="text-stone-700 dark:text-stone-300">
          {access.isError ? 'We could not check your access. Please try again.' : 'This page is for administrators only.'}
        </p>
        <div className="flex flex-wrap justify-center gap-2">
          <Link to="/" className="button-primary no-underline">
            Go home
          </Link>
          <Link to="/secret-admin-login" className="button-secondary no-underline">
            Admin sign-in
          </Link>
        </div>
      </div>
    );
  }
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-6 py-16 text-center">
      <ShieldCheck aria-hidden size={40} className="text-orange-800 dark:text-orange-300" />
      <h1 className="font-serif text-3xl font-semibold">Admin panel</h1>
      <p className="text-stone-700 dark:text-stone-300">Admin panel — coming soon.</p>
      {user.data && <p className="text-sm text-stone-600 dark:text-stone-400">Signed in as {user.data.email}.</p>}
    </div>
  );
}
