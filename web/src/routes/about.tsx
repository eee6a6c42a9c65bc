import { staticHead } from '../lib/page-head.ts';
import { createFileRoute } from '@tanstack/react-router';
import { AboutContent } from '../features/legal/pages/LegalPage.tsx';

export const Route = createFileRoute('/about')({
  head: staticHead('/about', 'About'),
  component: AboutContent,
});
