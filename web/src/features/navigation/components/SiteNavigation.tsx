import { lazy, Suspense } from 'react';
import { Link } from '@tanstack/react-router';
import { Menu } from 'lucide-react';
import { NAV_ITEMS } from '../nav-items.ts';

/** Spec §2 Shell: the site's destinations, in the desktop sidebar and the phone drawer (the reader has its own header). */
export function NavLinks({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <nav aria-label="Main" className="flex flex-col gap-1">
      {NAV_ITEMS.map(({ to, label, icon: Icon }) => (
        <Link
          key={to}
          to={to}
          onClick={onNavigate}
          className="flex items-center gap-3 rounded-lg px-3 py-2 text-stone-800 no-underline hover:bg-stone-200 dark:text-stone-100 dark:hover:bg-stone-800"
          activeProps={{ className: 'bg-orange-100 font-semibold text-orange-950 dark:bg-orange-950 dark:text-orange-50', 'aria-current': 'page' }}
        >
          <Icon aria-hidden size={18} />
          {label}
        </Link>
      ))}
    </nav>
  );
}

const DrawerSheet = lazy(() => import('./MobileDrawerSheet.tsx'));

/**
 * The hamburger button; its drawer (a Radix dialog: focus trapped inside, Escape closes it) loads when
 * it is first opened, keeping the dialog library out of every page's first load.
 */
export function MobileDrawer({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
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
