import { staticHead } from '../lib/page-head.ts';
import { createFileRoute } from '@tanstack/react-router';
import { ResetPasswordPage } from '../features/auth/pages/PasswordPages.tsx';
import { stringParam } from '#common/url-params.ts';

export const Route = createFileRoute('/reset-password')({
  head: staticHead('/reset-password', 'Reset Password', { noindex: true }),
  validateSearch: (search: Record<string, unknown>): { token?: string; error?: string } => ({
    token: stringParam(search.token, { max: 500 }),
    error: stringParam(search.error, { max: 100 }),
  }),
  component: function Reset() {
    return <ResetPasswordPage {...Route.useSearch()} />;
  },
});
