import { staticHead } from '../lib/page-head.ts';
import { createFileRoute } from '@tanstack/react-router';
import { translationGroupsQuery } from '../features/scripture/api/scripture.ts';
import { AboutContent } from '../features/legal/pages/LegalPage.tsx';

export const Route = createFileRoute('/about')({
  head: staticHead('/about', 'About'),
  // The translations and their licences are in the page the server sends.
  loader: ({ context: { queryClient } }) => queryClient.ensureQueryData(translationGroupsQuery).catch(() => undefined),
  component: AboutContent,
});
