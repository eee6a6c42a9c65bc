import { createFileRoute } from '@tanstack/react-router';
import { staticHead } from '../lib/page-head.ts';
import { TestAuthPage } from '../features/admin/pages/TestAuthPage.tsx';

/** Spec §2 /test-auth: admin-only diagnostics of the sign-in. */
export const Route = createFileRoute('/test-auth')({
  head: staticHead('/test-auth', 'Sign-in diagnostics', { noindex: true }),
  component: TestAuthPage,
});
