import { staticHead } from '../lib/page-head.ts';
import { createFileRoute } from '@tanstack/react-router';
import { NOTE_TYPES } from '#common/study/rules.ts';
import { NotesPage } from '../features/study/pages/NotesPage.tsx';
import type { NotesListParams } from '../features/study/api/lists.ts';
import { enumParam, intParam, stringParam } from '#common/url-params.ts';

/** My Notes: search, type, book and page live in the URL, so a view survives a reload and can be kept. */
export const Route = createFileRoute('/notes')({
  head: staticHead('/notes', 'My Notes', { noindex: true }),
  validateSearch: (search: Record<string, unknown>): NotesListParams => ({
    q: stringParam(search.q, { max: 200 }),
    type: enumParam(search.type, NOTE_TYPES),
    book: stringParam(search.book, { max: 40 }),
    page: intParam(search.page, 1, 10_000),
  }),
  component: function Notes() {
    return <NotesPage {...Route.useSearch()} />;
  },
});
