import { staticHead } from '../lib/page-head.ts';
import { createFileRoute } from '@tanstack/react-router';
import { PlansPage } from '../features/plans/pages/PlansPage.tsx';

/**
 * Reading plans. The plans on offer are public, but the page is built around the person's own (from the
 * account or this browser), so the server renders only the shell, as for My Stats.
 */
export const Route = createFileRoute('/bible-plans')({
  head: staticHead('/bible-plans', 'Reading Plans', { noindex: true }),
  ssr: false,
  component: PlansPage,
});
