/**
 * The admin panel's sections, in the order the panel lists them. A module of its own so that the /admin route
 * can check `?section=` without pulling the whole panel into every page's first script.
 */
export const ADMIN_SECTIONS = [
  'overview',
  'users',
  'lessons',
  'authors',
  'prayers',
  'news',
  'newsletter',
  'moderation',
  'messages',
  'mail',
  'translations',
  'library',
  'ai-model',
  'audit',
] as const;
export type AdminSection = (typeof ADMIN_SECTIONS)[number];
