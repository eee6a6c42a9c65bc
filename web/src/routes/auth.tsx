import { staticHead } from '../lib/page-head.ts';
import { createFileRoute } from '@tanstack/react-router';
import { AuthForm } from '../features/auth/pages/AuthForm.tsx';
import { enumParam, localPathParam } from '#common/url-params.ts';

export const Route = createFileRoute('/auth')({
  head: staticHead('/auth', 'Sign in', { noindex: true }),
  validateSearch: (search: Record<string, unknown>): { mode: 'signin' | 'signup'; next?: string } => ({
    mode: enumParam(search.mode, ['signin', 'signup'] as const) ?? 'signin',
    // The page that sent a guest here (e.g. /profile), to return to after signing in.
    next: localPathParam(search.next),
  }),
  component: function Auth() {
    const { mode, next } = Route.useSearch();
    return <AuthForm mode={mode} next={next} />;
  },
});
