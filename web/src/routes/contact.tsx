import { staticHead } from '../lib/page-head.ts';
import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../components/ComingSoon.tsx';

export const Route = createFileRoute('/contact')({
  head: staticHead('/contact', 'Contact'),
  component: () => <ComingSoon title="Contact" text="A contact form is on its way. Until then, reach this site's operator through the address they publish." />,
});
