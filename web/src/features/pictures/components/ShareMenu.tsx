import { Link2, Mail } from 'lucide-react';
import { PICTURE_MESSAGES } from '#common/pictures/rules.ts';
import { toast, toastError } from '../../../components/ui/toast-store.ts';
import { openShare, SHARE_TARGET_LABELS, type ShareTarget } from '../share-links.ts';

/**
 * The share row of spec §2 (Facebook, X, Pinterest, Reddit, Copy Link; the share dialog adds email).
 * `copied` and `copyFailed` are the toasts of the screen it is on (§8 words differ between screens).
 */
export function ShareMenu({
  link,
  text,
  imageUrl,
  targets = ['facebook', 'x', 'pinterest', 'reddit'],
  copied = { title: PICTURE_MESSAGES.linkCopiedTitle },
  copyFailed = { title: PICTURE_MESSAGES.copyFailedTitle, description: PICTURE_MESSAGES.copyFailed },
}: {
  link: string;
  text: string;
  imageUrl?: string;
  targets?: ShareTarget[];
  copied?: { title: string; description?: string };
  copyFailed?: { title: string; description: string };
}) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      toast({ ...copied, duration: 2000 });
    } catch {
      toastError(copyFailed.description, copyFailed.title);
    }
  };
  return (
    <div className="flex flex-wrap gap-1.5" role="group" aria-label="Share">
      {targets.map((target) => (
        <button key={target} type="button" className="button-secondary min-h-11 px-3" onClick={() => openShare(target, link, text, imageUrl)}>
          {target === 'email' && <Mail aria-hidden size={16} />}
          {SHARE_TARGET_LABELS[target]}
        </button>
      ))}
      <button type="button" className="button-secondary min-h-11 px-3" onClick={() => void copy()}>
        <Link2 aria-hidden size={16} /> Copy Link
      </button>
    </div>
  );
}
