import { BookOpen, GraduationCap, Highlighter, ListTree, MessageCircle, NotebookPen, Search, Settings } from 'lucide-react';

/** Spec §2 Shell: the four destinations of the sidebar and the mobile drawer. */
export const NAV_ITEMS = [
  { to: '/bible', label: 'Read The Bible', icon: BookOpen },
  { to: '/chat', label: 'Bible Chat', icon: MessageCircle },
  { to: '/search', label: 'Advanced Search', icon: Search },
  { to: '/bible-lessons', label: 'Daily Lessons', icon: GraduationCap },
] as const;

/**
 * Study: the topical index (issue 30 §3), then a reader's own pages: guests keep notes, highlights and
 * settings in the browser, so they need a way there too.
 */
export const STUDY_ITEMS = [
  { to: '/topics', label: 'Topical Index', icon: ListTree },
  { to: '/notes', label: 'My Notes', icon: NotebookPen },
  { to: '/highlights', label: 'My Highlights', icon: Highlighter },
  { to: '/settings', label: 'Settings', icon: Settings },
] as const;
