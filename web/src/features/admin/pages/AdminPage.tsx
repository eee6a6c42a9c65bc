import { Link } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { StaffOnly, type StaffRole } from '../components/StaffOnly.tsx';
import { OverviewPanel } from '../components/OverviewPanel.tsx';
import { UsersPanel } from '../components/UsersPanel.tsx';
import { LessonsPanel } from '../components/LessonsPanel.tsx';
import { AuthorsPanel } from '../components/AuthorsPanel.tsx';
import { NewsPanel } from '../components/NewsPanel.tsx';
import { PrayersPanel } from '../components/PrayersPanel.tsx';
import { AuditPanel } from '../components/AuditPanel.tsx';
import { NewsletterPanel } from '../components/NewsletterPanel.tsx';
import { MessagesPanel } from '../components/MessagesPanel.tsx';
import { MailPanel } from '../components/MailPanel.tsx';
import { ModerationPanel } from '../components/ModerationPanel.tsx';
import { TranslationsPanel } from '../components/TranslationsPanel.tsx';
import { ADMIN_SECTIONS, type AdminSection } from '../admin-sections.ts';

// The Library is the panel's largest section and only admins open it: it loads when first shown, not with every page.
const LibraryPanel = lazy(() => import('../components/LibraryPanel.tsx').then((m) => ({ default: m.LibraryPanel })));
const AiModelPanel = lazy(() => import('../components/AiModelPanel.tsx').then((m) => ({ default: m.AiModelPanel })));

const LABELS: Record<AdminSection, string> = {
  overview: 'Overview',
  users: 'Accounts',
  lessons: 'Lessons',
  authors: 'Authors',
  prayers: 'Prayers',
  news: 'News',
  newsletter: 'Newsletter',
  moderation: 'Moderation',
  messages: 'Messages',
  mail: 'Mail',
  translations: 'Translations',
  library: 'Library',
  'ai-model': 'AI model',
  audit: 'Audit log',
};
/** Authors write lessons; the rest of the panel is the admins'. */
const SECTIONS_OF: Record<StaffRole, readonly AdminSection[]> = { admin: ADMIN_SECTIONS, author: ['lessons'] };

/** /admin: the panel, a section at a time (`?section=`), with `?edit=` for the lesson being written. */
export function AdminPage({ section, edit }: { section?: AdminSection; edit?: string }) {
  return <StaffOnly>{(role) => <AdminPanel role={role} section={section} edit={edit} />}</StaffOnly>;
}

function AdminPanel({ role, section, edit }: { role: StaffRole; section?: AdminSection; edit?: string }) {
  const sections = SECTIONS_OF[role];
  const shown = section && sections.includes(section) ? section : sections[0]!;
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-8 sm:px-6">
      <h1 className="font-serif text-3xl font-semibold">Admin panel</h1>
      {sections.length > 1 && (
        <nav aria-label="Admin sections" className="-mx-1 flex flex-wrap gap-1 border-b border-stone-200 pb-2 dark:border-stone-800">
          {sections.map((s) => (
            <Link
              key={s}
              to="/admin"
              search={{ section: s }}
              aria-current={s === shown ? 'page' : undefined}
              className="button-ghost no-underline aria-[current=page]:bg-orange-100 aria-[current=page]:text-orange-950 dark:aria-[current=page]:bg-orange-950 dark:aria-[current=page]:text-orange-50"
            >
              {LABELS[s]}
            </Link>
          ))}
        </nav>
      )}
      {shown === 'overview' && <OverviewPanel />}
      {shown === 'users' && <UsersPanel />}
      {shown === 'lessons' && <LessonsPanel edit={edit} />}
      {shown === 'authors' && <AuthorsPanel />}
      {shown === 'prayers' && <PrayersPanel />}
      {shown === 'news' && <NewsPanel />}
      {shown === 'newsletter' && <NewsletterPanel />}
      {shown === 'moderation' && <ModerationPanel />}
      {shown === 'messages' && <MessagesPanel />}
      {shown === 'mail' && <MailPanel />}
      {shown === 'translations' && <TranslationsPanel />}
      {shown === 'library' && (
        <Suspense fallback={<p aria-busy="true">Loading…</p>}>
          <LibraryPanel />
        </Suspense>
      )}
      {shown === 'ai-model' && (
        <Suspense fallback={<p aria-busy="true">Loading…</p>}>
          <AiModelPanel />
        </Suspense>
      )}
      {shown === 'audit' && <AuditPanel />}
    </div>
  );
}
