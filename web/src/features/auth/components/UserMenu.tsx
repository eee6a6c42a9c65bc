import * as Menu from '@radix-ui/react-dropdown-menu';
import { Link } from '@tanstack/react-router';
import { LogOut, Moon, Sun } from 'lucide-react';
import { useTheme } from '../../../lib/theme.ts';
import { DESKTOP_QUERY, useMediaQuery } from '../../../lib/hooks/use-media-query.ts';
import type { CurrentUser } from '#common/contracts/account.ts';
import { logoutHref } from '../api/auth.ts';
import { Avatar } from './Avatar.tsx';
import { AccountSheet } from './AccountSheet.tsx';
import { userLabel } from '../user-label.ts';
import { MENU_LINKS, withPanel } from '../account-links.ts';

const item =
  'flex cursor-pointer items-center gap-3 rounded-md px-3 py-2 text-sm no-underline outline-none data-[highlighted]:bg-stone-100 dark:data-[highlighted]:bg-stone-800';

/**
 * Spec §2: the signed-in avatar opens a dropdown on desktop and a bottom sheet on phones (< md).
 * Loaded only for signed-in people (AccountSlot), so guests never download either.
 */
export default function UserMenu({ user }: { user: CurrentUser }) {
  const desktop = useMediaQuery(DESKTOP_QUERY);
  return desktop ? <DesktopMenu user={user} /> : <AccountSheet user={user} />;
}

/** Spec §2 avatar menu: Theme, My Profile, My Notes, My Highlights, Settings, Study stats, Log out. */
function DesktopMenu({ user }: { user: CurrentUser }) {
  const { dark, toggle } = useTheme();
  return (
    // Not modal: a modal menu hides the page with aria-hidden while its links stay focusable (axe:
    // aria-hidden-focus). Focus still moves into the menu, arrows move within it, Escape closes it.
    <Menu.Root modal={false}>
      <Menu.Trigger
        className="flex h-11 w-11 shrink-0 md:h-9 md:w-9 items-center justify-center rounded-full"
        aria-label={`Account menu for ${userLabel(user)}`}
      >
        <Avatar user={user} />
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content align="end" sideOffset={6} collisionPadding={10} className="popover z-50 min-w-56">
          <Menu.Label className="px-3 py-2 text-xs text-stone-600 dark:text-stone-400">{userLabel(user)}</Menu.Label>
          <Menu.Item
            className={item}
            onSelect={(e) => {
              e.preventDefault();
              toggle();
            }}
          >
            {dark ? <Sun aria-hidden size={16} /> : <Moon aria-hidden size={16} />} Theme: {dark ? 'Dark' : 'Light'}
          </Menu.Item>
          {withPanel(MENU_LINKS, user).map(({ to, icon: Icon, label }) => (
            <Menu.Item key={to} asChild className={item}>
              <Link to={to}>
                <Icon aria-hidden size={16} /> {label}
              </Link>
            </Menu.Item>
          ))}
          <Menu.Separator className="my-1 h-px bg-stone-200 dark:bg-stone-700" />
          <Menu.Item asChild className={item}>
            <a href={logoutHref(user)}>
              <LogOut aria-hidden size={16} /> Log out
            </a>
          </Menu.Item>
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}
