import { staticHead } from '../lib/page-head.ts';
import { createFileRoute } from '@tanstack/react-router';
import { PersonalizationTestPage } from '../features/personalization/pages/PersonalizationTestPage.tsx';

/** The personalization test: its answers and result live in this browser, so the server renders only the shell. */
export const Route = createFileRoute('/personalization-test')({
  head: staticHead('/personalization-test', 'Personalization Test', { noindex: true }),
  ssr: false,
  component: PersonalizationTestPage,
});
