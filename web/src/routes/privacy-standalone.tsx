import { staticHead } from '../lib/page-head.ts';
import { createFileRoute } from '@tanstack/react-router';
import { PrivacyContent } from '../features/legal/pages/LegalPage.tsx';

export const Route = createFileRoute('/privacy-standalone')({
  head: staticHead('/privacy-standalone', 'Privacy Policy'),
  component: PrivacyContent,
});
