import { staticHead } from '../lib/page-head.ts';
import { createFileRoute } from '@tanstack/react-router';
import { ADMIN_SECTIONS, type AdminSection } from '../features/admin/admin-sections.ts';
import { AdminPage } from '../features/admin/pages/AdminPage.tsx';

export const Route = createFileRoute('/admin')({
  head: staticHead('/admin', 'Admin', { noindex: true }),
  validateSearch: (search: Record<string, unknown>): { section?: AdminSection; edit?: string } => ({
    section: ADMIN_SECTIONS.find((s) => s === search.section),
    edit: typeof search.edit === 'string' && /^[\w-]{1,64}$/.test(search.edit) ? search.edit : undefined,
  }),
  component: function Admin() {
    const { section, edit } = Route.useSearch();
    return <AdminPage section={section} edit={edit} />;
  },
});
