import { createFileRoute } from '@tanstack/react-router';
import { staticHead } from '../lib/page-head.ts';
import { NewsEditorPage } from '../features/admin/pages/NewsEditorPage.tsx';

/** Spec §2 /news/create: an admin writes a news post. */
export const Route = createFileRoute('/news/create')({
  head: staticHead('/news/create', 'New news post', { noindex: true }),
  component: () => <NewsEditorPage />,
});
