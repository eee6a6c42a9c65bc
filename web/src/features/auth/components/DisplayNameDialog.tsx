import { Dialog, DialogContent, DialogTitle, DialogDescription, DIALOG_CARD } from '../../../components/ui/dialog.tsx';
import { useQueryClient } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { saveSettings } from '../../settings/api/settings.ts';
import { toastError } from '../../../components/ui/toast-store.ts';
import { suggestDisplayName } from '../display-name.ts';

export const CLOSE_DELAY_MS = 100;

/** Spec §4/§5 welcome dialog: choose the community display name, suggested or your own. */
export default function DisplayNameDialog({ onDone }: { onDone: () => void }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState(() => suggestDisplayName());
  const [custom, setCustom] = useState(false);
  const [saving, setSaving] = useState(false);
  const [open, setOpen] = useState(true);

  const close = () => {
    setOpen(false);
    onDone();
  };

  const save = async () => {
    const displayName = name.trim();
    if (!displayName) return close();
    setSaving(true);
    try {
      await saveSettings({ displayName }).catch(() => {
        throw new Error('Failed to save display name');
      });
      await queryClient.invalidateQueries({ queryKey: ['auth', 'user'] });
      setTimeout(close, CLOSE_DELAY_MS);
    } catch (error) {
      toastError((error as Error).message);
      setSaving(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={(o) => !o && close()}>
      <DialogContent className={DIALOG_CARD}>
        <DialogTitle className="font-serif text-2xl font-semibold">Welcome to Selah</DialogTitle>
        <DialogDescription className="mt-2 text-stone-700 dark:text-stone-300">
          Choose the name others see when you share. You can change it later on your profile.
        </DialogDescription>
        <label htmlFor="display-name" className="mt-5 block text-sm font-medium">
          Display name
        </label>
        <div className="mt-1 flex gap-2">
          <input
            id="display-name"
            className="input"
            value={name}
            maxLength={50}
            onChange={(e) => {
              setName(e.target.value);
              setCustom(true);
            }}
            aria-describedby="display-name-hint"
          />
          <button
            type="button"
            className="icon-button shrink-0"
            aria-label="Suggest another name"
            onClick={() => {
              setName(suggestDisplayName());
              setCustom(false);
            }}
          >
            <RefreshCw aria-hidden size={18} />
          </button>
        </div>
        <p id="display-name-hint" className="mt-1 text-xs text-stone-600 dark:text-stone-400">
          {custom ? 'Your own name — keep it kind.' : 'A suggested name — keep it, draw another, or type your own.'}
        </p>
        <div className="mt-6 flex flex-wrap justify-end gap-2">
          <button type="button" className="button-ghost" onClick={() => void save()} disabled={saving}>
            Use suggested name
          </button>
          <button type="button" className="button-primary" onClick={() => void save()} disabled={saving || !name.trim()}>
            {saving ? 'Saving…' : 'Continue'}
          </button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
