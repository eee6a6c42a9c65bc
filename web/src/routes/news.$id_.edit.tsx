import { createFileRoute } from '@tanstack/react-router';
import { staticHead } from '../lib/page-head.ts';
import { NewsEditorPage } from '../features/admin/pages/NewsEditorPage.tsx';

/** Spec §2 /news/{id}/edit: an admin edits, publishes or unpublishes a news post. */
export const Route = createFileRoute('/news/$id_/edit')({
  head: staticHead('/news', 'Edit news post', { noindex: true }),
  component: function EditNews() {
    const { id } = Route.useParams();
    return <NewsEditorPage id={id} />;
  },
});
