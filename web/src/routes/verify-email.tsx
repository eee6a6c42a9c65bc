import { staticHead } from '../lib/page-head.ts';
import { createFileRoute } from '@tanstack/react-router';
import { VerifyEmailPage } from '../features/auth/pages/VerifyEmailPage.tsx';
import { stringParam } from '#common/url-params.ts';

/** Where the verification link lands (better-auth redirects here after checking the token). */
export const Route = createFileRoute('/verify-email')({
  head: staticHead('/verify-email', 'Verify Email', { noindex: true }),
  validateSearch: (search: Record<string, unknown>): { verified?: string; error?: string } => ({
    verified: stringParam(search.verified, { max: 10 }),
    error: stringParam(search.error, { max: 100 }),
  }),
  component: function VerifyEmail() {
    return <VerifyEmailPage {...Route.useSearch()} />;
  },
});
