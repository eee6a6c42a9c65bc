import { BarChart3, Highlighter, NotebookPen, Settings, ShieldCheck, User, type LucideIcon } from 'lucide-react';
import type { CurrentUser } from '#common/contracts/account.ts';

export interface AccountLink {
  to: '/profile' | '/achievements' | '/notes' | '/highlights' | '/settings' | '/admin';
  icon: LucideIcon;
  label: string;
}

const link = (to: AccountLink['to'], icon: LucideIcon) => (label: string) => ({ to, icon, label });
const profile = link('/profile', User);
const stats = link('/achievements', BarChart3);
const notes = link('/notes', NotebookPen);
const highlights = link('/highlights', Highlighter);
const settings = link('/settings', Settings);

/** Spec §2, the desktop avatar menu: My Profile, My Notes, My Highlights, Settings, Study stats. */
export const MENU_LINKS: readonly AccountLink[] = [
  profile('My Profile'),
  notes('My Notes'),
  highlights('My Highlights'),
  settings('Settings'),
  stats('Study stats'),
];

/** Spec §2, the phone's account sheet: Profile, Study Stats, My Notes, My Highlights, Settings. */
export const SHEET_LINKS: readonly AccountLink[] = [
  profile('Profile'),
  stats('Study Stats'),
  notes('My Notes'),
  highlights('My Highlights'),
  settings('Settings'),
];

/** Admins and authors also get the admin panel, last in either list. */
export const withPanel = (links: readonly AccountLink[], user: CurrentUser): readonly AccountLink[] =>
  user.role === 'user' ? links : [...links, link('/admin', ShieldCheck)('Admin panel')];
