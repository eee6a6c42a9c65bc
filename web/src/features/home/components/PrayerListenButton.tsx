import { Headphones } from 'lucide-react';
import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import type { DailyPrayer } from '#common/contracts/daily.ts';
import { cn } from '../../../lib/cn.ts';

const load = () => import('./PrayerAudioDialog.tsx');
const PrayerAudioDialog = lazy(load);
// A failed early fetch is tried again by the press itself, which shows nothing until the code has come.
const preload = () => void load().catch(() => undefined);

/**
 * Spec §2 Listen on the prayer: opens the prayer's audio dialog, whose code (and the player's) comes
 * when the button is first pointed at, focused or pressed, not with the page.
 */
export function PrayerListenButton({ prayer, className }: { prayer: DailyPrayer; className?: string }) {
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const button = useRef<HTMLButtonElement>(null);
  const returnFocus = useCallback(() => button.current?.focus(), []);
  return (
    <>
      <button
        ref={button}
        type="button"
        className={cn('button-secondary', className)}
        aria-haspopup="dialog"
        aria-label={`Listen to the prayer “${prayer.title}”`}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => setOpen(true)}
      >
        <Headphones aria-hidden size={18} /> Listen
      </button>
      {open && (
        <Suspense fallback={null}>
          <PrayerAudioDialog prayer={prayer} onClose={close} returnFocus={returnFocus} />
        </Suspense>
      )}
    </>
  );
}
