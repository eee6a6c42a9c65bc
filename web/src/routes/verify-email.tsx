import { staticHead } from '../lib/page-head.ts';
import { Link, createFileRoute } from '@tanstack/react-router';
import { useCurrentUser } from '../features/auth/api/auth.ts';
import { stringParam } from '#common/url-params.ts';

/** Where the verification link lands (better-auth redirects here after checking the token). */
export const Route = createFileRoute('/verify-email')({
  head: staticHead('/verify-email', 'Verify Email', { noindex: true }),
  validateSearch: (search: Record<string, unknown>): { verified?: string; error?: string } => ({
    verified: stringParam(search.verified, { max: 10 }),
    error: stringParam(search.error, { max: 100 }),
  }),
  component: function VerifyEmail() {
    const { error } = Route.useSearch();
    const user = useCurrentUser();
    return (
      <div className="mx-auto flex max-w-md flex-col gap-4 px-5 py-12">
        <h1 className="font-serif text-3xl font-semibold">{error ? 'This link did not work' : 'Your email is confirmed'}</h1>
        {error ? (
          <p role="alert">The confirmation link is not valid any more. Login to have a new one sent.</p>
        ) : (
          <p role="status">{user.data ? `You are signed in as ${user.data.email}.` : 'You can now login.'}</p>
        )}
        <Link to={user.data ? '/bible' : '/auth'} search={user.data ? undefined : { mode: 'signin' }} className="button-primary self-start no-underline">
          {user.data ? 'Start reading' : 'Login'}
        </Link>
      </div>
    );
  },
});
