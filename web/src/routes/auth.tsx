import { createFileRoute } from '@tanstack/react-router';
import { enumParam } from '../lib/search-params.ts';
import { ComingSoon } from '../components/ComingSoon.tsx';

export const Route = createFileRoute('/auth')({
  validateSearch: (search: Record<string, unknown>): { mode: 'signin' | 'signup' } => ({ mode: enumParam(search.mode, ['signin', 'signup'] as const) ?? 'signin' }),
  component: function Auth() {
    const { mode } = Route.useSearch();
    return (
      <ComingSoon
        title={mode === 'signup' ? 'Sign Up' : 'Login'}
        text="Accounts are on their way. Until then everything you read is free, with no account needed."
      />
    );
  },
});
