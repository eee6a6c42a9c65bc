import { Link, useLocation } from '@tanstack/react-router';
import { UserPlus } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { ThemeToggle } from '../../components/ui/ThemeToggle.tsx';
import { TranslationSelect } from '../../features/translations/components/TranslationSelect.tsx';
import { MobileDrawer, NavLinks, StudyLinks } from '../../features/navigation/components/SiteNavigation.tsx';
import { AccountSlot } from '../../features/auth/components/AccountSlot.tsx';
import { OfflineNotice } from '../../features/offline/components/OfflineNotice.tsx';

function Brand() {
  return (
    // A 44 px target on phones, as every control in the header.
    <Link
      to="/"
      className="inline-flex min-h-11 min-w-11 items-center font-serif text-xl font-semibold tracking-tight text-stone-900 no-underline dark:text-stone-50"
    >
      Selah
    </Link>
  );
}

function AuthLinks() {
  return (
    <div className="flex items-center gap-2">
      <Link to="/auth" search={{ mode: 'signin' }} className="button-ghost no-underline">
        Login
      </Link>
      <Link to="/auth" search={{ mode: 'signup' }} className="button-primary no-underline">
        Sign Up
      </Link>
    </div>
  );
}

/** Spec §2 Shell: desktop sidebar and top bar (hidden on the reader), mobile header with a drawer. */
export function AppShell({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const onReader = pathname === '/bible';
  const onHome = pathname === '/';
  const [drawerOpen, setDrawerOpen] = useState(false);
  // Spec §2: the standalone terms and privacy pages are shown without the shell.
  if (pathname.endsWith('-standalone')) return <main id="main">{children}</main>;

  return (
    <div className="min-h-dvh md:flex">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:p-2 dark:focus:bg-stone-900"
      >
        Skip to content
      </a>
      <aside className="sticky top-0 hidden h-dvh w-64 shrink-0 flex-col gap-6 border-r border-stone-200 bg-stone-100 p-4 md:flex dark:border-stone-800 dark:bg-stone-900/60">
        <div className="px-3 pt-1">
          <Brand />
        </div>
        <NavLinks />
        <StudyLinks />
        {/* The reader has its own translation picker: one control for one choice. */}
        {!onReader && (
          <div className="mt-auto px-1">
            <TranslationSelect />
          </div>
        )}
      </aside>

      {/* The room the audio mini-player keeps free under the page (MiniPlayer.tsx), inside the column so the sidebar runs on beside it. */}
      <div className="min-w-0 flex-1 pb-(--mini-player-space,0px)">
        {/* Mobile header: the reader has its own. */}
        {!onReader && (
          <header className="sticky top-0 z-30 flex items-center gap-2 border-b border-stone-200 bg-stone-50/95 px-2 py-1.5 backdrop-blur md:hidden dark:border-stone-800 dark:bg-stone-950/95">
            <MobileDrawer open={drawerOpen} onOpenChange={setDrawerOpen} />
            <Brand />
            <div className="ml-auto flex items-center gap-1">
              <AccountSlot
                guest={
                  <>
                    <ThemeToggle />
                    {onHome ? (
                      <Link to="/auth" search={{ mode: 'signup' }} className="icon-button" aria-label="Sign up">
                        <UserPlus aria-hidden size={20} />
                      </Link>
                    ) : (
                      <Link to="/auth" search={{ mode: 'signup' }} className="button-primary px-3 py-1.5 no-underline">
                        Sign Up
                      </Link>
                    )}
                  </>
                }
              />
            </div>
          </header>
        )}
        {!onReader && (
          <header className="sticky top-0 z-30 hidden items-center justify-end gap-2 border-b border-stone-200 bg-stone-50/95 px-6 py-2 backdrop-blur md:flex dark:border-stone-800 dark:bg-stone-950/95">
            <AccountSlot
              guest={
                <>
                  <ThemeToggle />
                  <AuthLinks />
                </>
              }
            />
          </header>
        )}
        <OfflineNotice />
        <main id="main" tabIndex={-1} className="outline-none">
          {children}
        </main>
      </div>
    </div>
  );
}
