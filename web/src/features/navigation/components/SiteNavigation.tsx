import { lazy, Suspense, useLayoutEffect, useRef, type RefObject } from 'react';
import { Link } from '@tanstack/react-router';
import { Menu } from 'lucide-react';
import { useHydrated } from '../../../lib/hooks/use-hydrated.ts';
import { NAV_ITEMS, STUDY_ITEMS } from '../nav-items.ts';

type NavItem = (typeof NAV_ITEMS)[number] | (typeof STUDY_ITEMS)[number];

function NavItemLinks({ items, onNavigate }: { items: readonly NavItem[]; onNavigate?: () => void }) {
  return items.map(({ to, label, icon: Icon }) => (
    <Link
      key={to}
      to={to}
      onClick={onNavigate}
      className="flex min-h-11 items-center gap-3 rounded-lg px-3 py-2 text-stone-800 no-underline hover:bg-stone-200 dark:text-stone-100 dark:hover:bg-stone-800"
      activeProps={{ className: 'bg-orange-100 font-semibold text-orange-950 dark:bg-orange-950 dark:text-orange-50', 'aria-current': 'page' }}
    >
      <Icon aria-hidden size={18} />
      {label}
    </Link>
  ));
}

/** Spec §2 Shell: the site's destinations, in the desktop sidebar and the phone drawer (the reader has its own header). */
export function NavLinks({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <nav aria-label="Main" className="flex flex-col gap-1">
      <NavItemLinks items={NAV_ITEMS} onNavigate={onNavigate} />
    </nav>
  );
}

/** The topical index and the reader's own pages (notes, highlights, settings), under the main links, for guests too. */
export function StudyLinks({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <nav aria-labelledby="study-links-heading" className="flex flex-col gap-1">
      <h2 id="study-links-heading" className="px-3 text-xs font-semibold tracking-wide text-stone-600 uppercase dark:text-stone-400">
        Your study
      </h2>
      <NavItemLinks items={STUDY_ITEMS} onNavigate={onNavigate} />
    </nav>
  );
}

const DrawerSheet = lazy(() => import('./MobileDrawerSheet.tsx'));

/**
 * The phone menu before the script has run (or with scripts off): a native disclosure that opens
 * a panel of plain links under the header, so a tap on a slow phone is never lost.
 */
function MenuWithoutScript({ details }: { details: RefObject<HTMLDetailsElement | null> }) {
  return (
    <details ref={details}>
      <summary className="icon-button cursor-pointer list-none [&::-webkit-details-marker]:hidden" aria-label="Open menu">
        <Menu aria-hidden size={22} />
      </summary>
      <div className="absolute inset-x-0 top-full max-h-[calc(100dvh-4rem)] overflow-y-auto border-b border-stone-200 bg-stone-50 p-4 shadow-lg dark:border-stone-800 dark:bg-stone-950">
        <nav aria-label="Menu" className="flex flex-col gap-1">
          <NavItemLinks items={[...NAV_ITEMS, ...STUDY_ITEMS]} />
        </nav>
        <div className="mt-4 flex gap-2 px-1">
          <Link to="/auth" search={{ mode: 'signin' }} className="button-secondary flex-1 no-underline">
            Login
          </Link>
          <Link to="/auth" search={{ mode: 'signup' }} className="button-primary flex-1 no-underline">
            Sign Up
          </Link>
        </div>
      </div>
    </details>
  );
}

/**
 * The hamburger button; its drawer (a Radix dialog: focus trapped inside, Escape closes it) loads when
 * it is first opened, keeping the dialog library out of every page's first load. Until the page has
 * hydrated it is a native disclosure that works without the script; opened then, the drawer takes
 * its place once the script runs.
 */
export function MobileDrawer({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const hydrated = useHydrated();
  const early = useRef<HTMLDetailsElement>(null);
  // Runs in the hydration's commit, while the disclosure is still on the page.
  useLayoutEffect(() => {
    if (early.current?.open) onOpenChange(true);
    // Only what happened before hydration matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  if (!hydrated) return <MenuWithoutScript details={early} />;
  return (
    <>
      <button type="button" className="icon-button" aria-label="Open menu" aria-haspopup="dialog" aria-expanded={open} onClick={() => onOpenChange(true)}>
        <Menu aria-hidden size={22} />
      </button>
      {open && (
        <Suspense fallback={null}>
          <DrawerSheet onOpenChange={onOpenChange} />
        </Suspense>
      )}
    </>
  );
}
