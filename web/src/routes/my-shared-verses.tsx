import { createFileRoute } from '@tanstack/react-router';
import { staticHead } from '../lib/page-head.ts';
import { MySharedVersesPage } from '../features/pictures/pages/MySharedVersesPage.tsx';

/** The verses a person shared (account or this browser); personal, so the server renders only the shell. */
export const Route = createFileRoute('/my-shared-verses')({
  head: staticHead('/my-shared-verses', 'My Shared Verses', { noindex: true }),
  ssr: false,
  component: MySharedVersesPage,
});
