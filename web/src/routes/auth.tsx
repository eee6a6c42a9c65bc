import { createFileRoute } from '@tanstack/react-router';
import { AuthForm } from '../features/auth/AuthForm.tsx';
import { enumParam } from '#common/url-params.ts';

export const Route = createFileRoute('/auth')({
  validateSearch: (search: Record<string, unknown>): { mode: 'signin' | 'signup' } => ({ mode: enumParam(search.mode, ['signin', 'signup'] as const) ?? 'signin' }),
  component: function Auth() {
    return <AuthForm mode={Route.useSearch().mode} />;
  },
});
