import * as Menu from '@radix-ui/react-dropdown-menu';
import { Link } from '@tanstack/react-router';
import { BarChart3, Highlighter, LogOut, Moon, NotebookPen, Settings, Sun, User } from 'lucide-react';
import { useTheme } from '../../app/theme/theme.ts';
import { logoutHref, type CurrentUser } from './auth-api.ts';

function initials(user: CurrentUser): string {
  const name = user.displayName || user.firstName || user.email;
  return name.slice(0, 1).toUpperCase();
}

const item = 'flex cursor-pointer items-center gap-3 rounded-md px-3 py-2 text-sm no-underline outline-none data-[highlighted]:bg-stone-100 dark:data-[highlighted]:bg-stone-800';

/** Spec §2 avatar menu: Theme, My Profile, My Notes, My Highlights, Settings, Study stats, Log out. */
export default function UserMenu({ user }: { user: CurrentUser }) {
  const { dark, toggle } = useTheme();
  return (
    <Menu.Root>
      <Menu.Trigger className="flex h-9 w-9 items-center justify-center rounded-full bg-orange-800 font-semibold text-white dark:bg-orange-300 dark:text-stone-950" aria-label={`Account menu for ${user.displayName || user.email}`}>
        {initials(user)}
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content align="end" sideOffset={6} collisionPadding={10} className="popover z-50 min-w-56">
          <Menu.Label className="px-3 py-2 text-xs text-stone-600 dark:text-stone-400">{user.displayName || user.email}</Menu.Label>
          <Menu.Item className={item} onSelect={(e) => { e.preventDefault(); toggle(); }}>
            {dark ? <Sun aria-hidden size={16} /> : <Moon aria-hidden size={16} />} Theme: {dark ? 'Dark' : 'Light'}
          </Menu.Item>
          <Menu.Item asChild className={item}><a href="/profile"><User aria-hidden size={16} /> My Profile</a></Menu.Item>
          <Menu.Item asChild className={item}><a href="/notes"><NotebookPen aria-hidden size={16} /> My Notes</a></Menu.Item>
          <Menu.Item asChild className={item}><a href="/highlights"><Highlighter aria-hidden size={16} /> My Highlights</a></Menu.Item>
          <Menu.Item asChild className={item}><a href="/settings"><Settings aria-hidden size={16} /> Settings</a></Menu.Item>
          <Menu.Item asChild className={item}><Link to="/achievements"><BarChart3 aria-hidden size={16} /> Study stats</Link></Menu.Item>
          <Menu.Separator className="my-1 h-px bg-stone-200 dark:bg-stone-700" />
          <Menu.Item asChild className={item}><a href={logoutHref(user)}><LogOut aria-hidden size={16} /> Log out</a></Menu.Item>
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}

