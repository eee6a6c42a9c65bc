import { useRef } from 'react';
import { FormMessages, Section } from '../../../components/FormMessages.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useAction } from '../../../lib/hooks/use-action.ts';
import type { CurrentUser } from '#common/contracts/account.ts';
import { Avatar } from '../../auth/components/Avatar.tsx';
import { checkAvatarFile, removeAvatar, uploadAvatar } from '../api/profile.ts';
import { useSetUser } from '../api/use-set-user.ts';

/** Upload, replace or remove the picture; checked here first (size, real type), then by the server. */
export function AvatarSection({ user }: { user: CurrentUser }) {
  const setUser = useSetUser();
  const input = useRef<HTMLInputElement>(null);
  const { busy, error, notice, run } = useAction((e) => errorMessage(e));

  const choose = (file: File | undefined) => {
    if (!file) return;
    void run(async () => {
      const checked = await checkAvatarFile(file);
      if ('problem' in checked) throw new Error(checked.problem);
      setUser(await uploadAvatar(file, checked.type));
      return 'Your picture is saved.';
    });
  };

  return (
    <Section title="Profile picture" id="avatar-heading">
      <div className="flex flex-wrap items-center gap-5">
        <Avatar user={user} size="lg" />
        <div className="flex min-w-0 flex-1 flex-col gap-3">
          <p id="avatar-hint" className="text-sm text-stone-700 dark:text-stone-300">
            A PNG, JPEG or WebP image of at most 2 MB.
          </p>
          <div className="flex flex-wrap gap-2">
            <button type="button" className="button-secondary" disabled={busy} aria-describedby="avatar-hint" onClick={() => input.current?.click()}>
              {busy ? 'Working…' : user.profileImageUrl ? 'Change picture' : 'Upload a picture'}
            </button>
            {user.profileImageUrl && (
              <button
                type="button"
                className="button-ghost"
                disabled={busy}
                onClick={() => void run(async () => (setUser(await removeAvatar()), 'Your picture is removed.'))}
              >
                Remove picture
              </button>
            )}
          </div>
          {/* The button above is the control people use; this is the browser's file chooser it opens. */}
          <input
            ref={input}
            type="file"
            accept="image/png,image/jpeg,image/webp"
            hidden
            data-testid="avatar-file"
            onChange={(e) => {
              choose(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
        </div>
      </div>
      <div className="mt-4 empty:hidden">
        <FormMessages error={error} notice={notice} />
      </div>
    </Section>
  );
}
