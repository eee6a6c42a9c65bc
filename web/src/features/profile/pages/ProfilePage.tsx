import { Navigate } from '@tanstack/react-router';
import { useCurrentUser } from '../../auth/api/auth.ts';
import { AvatarSection } from '../components/AvatarSection.tsx';
import { DeleteAccountSection } from '../components/DeleteAccountSection.tsx';
import { NamesSection } from '../components/NamesSection.tsx';
import { PasswordSection } from '../components/PasswordSection.tsx';

/** /profile: names, picture, password and account deletion of the signed-in person. */
export function ProfilePage() {
  const user = useCurrentUser();
  if (user.isPending) return null;
  // Signed out in another tab, or deleted: the route's guard would have sent a guest to sign in.
  if (!user.data) return <Navigate to="/auth" search={{ mode: 'signin', next: '/profile' }} replace />;
  const u = user.data;
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-8 sm:px-6">
      <header>
        <h1 className="font-serif text-3xl font-semibold">My Profile</h1>
        <p className="mt-1 text-stone-700 dark:text-stone-300">
          Signed in as <span className="font-medium">{u.email}</span>
        </p>
      </header>
      <AvatarSection user={u} />
      {/* Keyed by id so a different account signed in elsewhere starts from its own names. */}
      <NamesSection key={u.id} user={u} />
      <PasswordSection email={u.email} />
      <DeleteAccountSection email={u.email} />
    </div>
  );
}
