import { staticHead } from '../lib/page-head.ts';
import { createFileRoute } from '@tanstack/react-router';
import { ContactPage } from '../features/contact/pages/ContactPage.tsx';

export const Route = createFileRoute('/contact')({
  head: staticHead('/contact', 'Contact'),
  component: ContactPage,
});
