import { Dialog, DialogTrigger, DialogClose, DialogTitle, DialogDescription } from '../../../components/ui/dialog.tsx';
import { SheetContent } from '../../../components/ui/sheet.tsx';
import { Link } from '@tanstack/react-router';
import { LogOut, Moon, Sun, X } from 'lucide-react';
import { useState } from 'react';
import { useTheme } from '../../../lib/theme.ts';
import type { CurrentUser } from '#common/contracts/account.ts';
import { logoutHref } from '../api/auth.ts';
import { Avatar } from './Avatar.tsx';
import { userLabel } from '../user-label.ts';
import { SHEET_LINKS, withPanel } from '../account-links.ts';

const row =
  'flex w-full items-center gap-4 rounded-xl px-3 py-3 text-base text-stone-900 no-underline hover:bg-stone-100 dark:text-stone-100 dark:hover:bg-stone-800';

/**
 * Spec §2 Shell, phones: the avatar opens a bottom sheet with Theme, Profile, Study Stats, My Notes,
 * My Highlights, Settings, Log Out. A Radix dialog, so focus stays inside and Escape closes it.
 */
export function AccountSheet({ user }: { user: CurrentUser }) {
  const [open, setOpen] = useState(false);
  const { dark, toggle } = useTheme();
  const close = () => setOpen(false);
  const label = userLabel(user);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full" aria-label={`Account menu for ${label}`}>
        <Avatar user={user} />
      </DialogTrigger>
      <SheetContent side="bottom" data-testid="account-sheet" className="px-3 pt-2">
        <div className="flex items-center gap-3 px-3 pb-3">
          <Avatar user={user} />
          <div className="min-w-0 flex-1">
            <DialogTitle className="truncate font-semibold">{label}</DialogTitle>
            <DialogDescription className="truncate text-sm text-stone-600 dark:text-stone-400">{user.email}</DialogDescription>
          </div>
          <DialogClose className="icon-button" aria-label="Close account menu">
            <X aria-hidden size={20} />
          </DialogClose>
        </div>
        <nav aria-label="Account">
          <ul className="flex flex-col border-t border-stone-200 pt-2 dark:border-stone-700">
            <li>
              <button type="button" className={row} onClick={toggle}>
                {dark ? <Sun aria-hidden size={20} /> : <Moon aria-hidden size={20} />} Theme: {dark ? 'Dark' : 'Light'}
              </button>
            </li>
            {withPanel(SHEET_LINKS, user).map(({ to, icon: Icon, label }) => (
              <li key={to}>
                <Link to={to} onClick={close} className={row}>
                  <Icon aria-hidden size={20} /> {label}
                </Link>
              </li>
            ))}
            <li className="mt-1 border-t border-stone-200 pt-1 dark:border-stone-700">
              <a href={logoutHref(user)} className={row}>
                <LogOut aria-hidden size={20} /> Log Out
              </a>
            </li>
          </ul>
        </nav>
      </SheetContent>
    </Dialog>
  );
}
