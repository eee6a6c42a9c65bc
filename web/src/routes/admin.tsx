import { staticHead } from '../lib/page-head.ts';
import { createFileRoute } from '@tanstack/react-router';
import { AdminPage } from '../features/admin/pages/AdminPage.tsx';

export const Route = createFileRoute('/admin')({
  head: staticHead('/admin', 'Admin', { noindex: true }),
  component: AdminPage,
});
