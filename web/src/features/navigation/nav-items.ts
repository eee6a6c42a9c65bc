import { BookOpen, GraduationCap, MessageCircle, Search } from 'lucide-react';

/** Spec §2 Shell: the four destinations of the sidebar and the mobile drawer. */
export const NAV_ITEMS = [
  { to: '/bible', label: 'Read The Bible', icon: BookOpen },
  { to: '/chat', label: 'Bible Chat', icon: MessageCircle },
  { to: '/search', label: 'Advanced Search', icon: Search },
  { to: '/bible-lessons', label: 'Daily Lessons', icon: GraduationCap },
] as const;
