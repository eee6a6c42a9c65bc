import { useQuery } from '@tanstack/react-query';
import { Link, Navigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useCurrentUser } from '../../auth/api/auth.ts';
import { adminAccessQuery } from '../api/admin.ts';

export type StaffRole = 'admin' | 'author';

/**
 * The admin pages' door: what the server's check allows. Guests go to the admin sign-in; readers are
 * told no; admins and authors get the page (each of its calls is checked on the server again).
 */
export function StaffOnly({ children }: { children: (role: StaffRole) => ReactNode }) {
  const access = useQuery(adminAccessQuery);
  const user = useCurrentUser();
  if (access.isPending || user.isPending || (access.isFetching && access.data !== 'admin'))
    return <p className="px-6 py-12 text-center text-stone-700 dark:text-stone-300">Checking your access…</p>;
  if (access.data === 'signed-out') return <Navigate to="/secret-admin-login" replace />;
  const role = user.data?.role;
  if (access.data === 'not-admin' || access.isError || (role !== 'admin' && role !== 'author')) {
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
  return <>{children(role)}</>;
}
