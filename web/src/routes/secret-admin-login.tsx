import { staticHead } from '../lib/page-head.ts';
import { createFileRoute } from '@tanstack/react-router';
import { AdminLoginPage } from '../features/admin/pages/AdminLoginPage.tsx';

export const Route = createFileRoute('/secret-admin-login')({
  head: staticHead('/secret-admin-login', 'Admin sign-in', { noindex: true }),
  component: AdminLoginPage,
});
