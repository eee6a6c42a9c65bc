import { staticHead } from '../lib/page-head.ts';
import { createFileRoute } from '@tanstack/react-router';
import { ForgotPasswordPage } from '../features/auth/pages/PasswordPages.tsx';

export const Route = createFileRoute('/forgot-password')({
  head: staticHead('/forgot-password', 'Forgot Password', { noindex: true }),
  component: ForgotPasswordPage,
});
