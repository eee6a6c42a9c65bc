import { Link } from '@tanstack/react-router';
import { BarChart3, X } from 'lucide-react';
import { Dialog, DialogClose, DialogTitle } from '../../../components/ui/dialog.tsx';
import { SheetContent } from '../../../components/ui/sheet.tsx';
import { useCurrentUser } from '../../auth/api/auth.ts';
import { TranslationSelect } from '../../translations/components/TranslationSelect.tsx';
import { NavLinks, StudyLinks } from './SiteNavigation.tsx';

/** The phone drawer's sheet, open while mounted; closing it returns focus to the button that opened it. */
export default function MobileDrawerSheet({ onOpenChange }: { onOpenChange: (open: boolean) => void }) {
  const close = () => onOpenChange(false);
  const signedIn = Boolean(useCurrentUser().data);
  return (
    <Dialog open onOpenChange={onOpenChange}>
      <SheetContent side="left" className="flex flex-col gap-6 p-4" aria-describedby={undefined}>
        <div className="flex items-center justify-between">
          <DialogTitle className="px-3 font-serif text-xl font-semibold">Selah</DialogTitle>
          <DialogClose className="icon-button" aria-label="Close menu">
            <X aria-hidden size={20} />
          </DialogClose>
        </div>
        <NavLinks onNavigate={close} />
        <Link
          to="/achievements"
          onClick={close}
          className="-mt-4 flex min-h-11 items-center gap-3 rounded-lg px-3 py-2 text-stone-800 no-underline hover:bg-stone-200 dark:text-stone-100 dark:hover:bg-stone-800"
        >
          <BarChart3 aria-hidden size={18} /> My Stats
        </Link>
        <StudyLinks onNavigate={close} />
        <div className="px-1">
          <TranslationSelect onChanged={close} />
        </div>
        {/* Signed-in people have the avatar's sheet instead. */}
        {!signedIn && (
          <div className="mt-auto flex gap-2 px-1">
            <Link to="/auth" search={{ mode: 'signin' }} onClick={close} className="button-secondary flex-1 no-underline">
              Login
            </Link>
            <Link to="/auth" search={{ mode: 'signup' }} onClick={close} className="button-primary flex-1 no-underline">
              Sign Up
            </Link>
          </div>
        )}
      </SheetContent>
    </Dialog>
  );
}
