import { staticHead } from '../lib/page-head.ts';
import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../components/ComingSoon.tsx';

export const Route = createFileRoute('/achievements')({
  head: staticHead('/achievements', 'My Stats', { noindex: true }),
  component: () => (
    <ComingSoon
      title="My Stats"
      text="Your study streak, chapters read and achievements will appear here. Your highlights and notes are already kept: find them under My Highlights and My Notes."
    />
  ),
});
