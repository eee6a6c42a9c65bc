import { staticHead } from '../lib/page-head.ts';
import { createFileRoute } from '@tanstack/react-router';
import { TermsContent } from '../features/legal/pages/LegalPage.tsx';

export const Route = createFileRoute('/terms-standalone')({
  head: staticHead('/terms-standalone', 'Terms of Service'),
  component: TermsContent,
});
