import { staticHead } from '../lib/page-head.ts';
import { createFileRoute } from '@tanstack/react-router';
import { SettingsPage } from '../features/settings/pages/SettingsPage.tsx';

export const Route = createFileRoute('/settings')({
  head: staticHead('/settings', 'Settings', { noindex: true }),
  component: SettingsPage,
});
