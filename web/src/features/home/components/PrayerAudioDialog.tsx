import { useQuery } from '@tanstack/react-query';
import { Loader2, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { AUDIO_MESSAGES, DEFAULT_PLAYBACK_SPEED, type PlaybackSpeed } from '#common/audio/rules.ts';
import type { DailyPrayer } from '#common/contracts/daily.ts';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle, DIALOG_CARD } from '../../../components/ui/dialog.tsx';
import { toastError } from '../../../components/ui/toast-store.ts';
import { chapterAudioError } from '../../audio/api/audio.ts';
import { PlayerControls } from '../../audio/components/PlayerControls.tsx';
import { requestPrayerAudio } from '../../daily/api/prayer-audio.ts';
import { formatDay } from '../../daily/api/prayer-days.ts';

/**
 * The prayer read aloud, as the verse audio plays (spec §4): the dialog says the audio is being
 * prepared, then the app's player controls play it at once; closing stops it. A failed request closes
 * the dialog with the spec's words in a toast. Loaded with the first Listen.
 */
export default function PrayerAudioDialog({
  prayer,
  onClose,
  returnFocus,
}: {
  prayer: DailyPrayer;
  onClose: () => void;
  /** Radix gives focus back to a DialogTrigger; the Listen button opens this dialog without one. */
  returnFocus: () => void;
}) {
  const audio = useQuery({
    queryKey: ['audio', 'prayer', prayer.id],
    queryFn: () => requestPrayerAudio(prayer.id),
    retry: false,
    // The server makes it once and keeps it: the address stays good while the page is open.
    staleTime: Infinity,
  });
  const element = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const [position, setPosition] = useState(0);
  const [speed, setSpeed] = useState<PlaybackSpeed>(DEFAULT_PLAYBACK_SPEED);
  const [playbackFailed, setPlaybackFailed] = useState(false);

  const error = audio.error;
  const reported = useRef<unknown>(null);
  useEffect(() => {
    if (!error || reported.current === error) return;
    reported.current = error;
    toastError(chapterAudioError(error), AUDIO_MESSAGES.unavailableTitle);
    onClose();
  }, [error, onClose]);

  const duration = audio.data?.duration ?? 0;
  const seek = (to: number) => {
    const at = Math.min(Math.max(Number.isFinite(to) ? to : 0, 0), duration);
    if (element.current) element.current.currentTime = at;
    setPosition(at);
  };
  const toggle = () => {
    const el = element.current;
    if (el?.paused) void el.play().catch(() => undefined);
    else el?.pause();
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        className={DIALOG_CARD}
        aria-busy={audio.isPending}
        onCloseAutoFocus={(e) => {
          e.preventDefault();
          returnFocus();
        }}
      >
        <div className="mb-3 flex items-start justify-between gap-2">
          <div>
            <DialogTitle className="font-serif text-xl font-semibold">{prayer.title}</DialogTitle>
            <DialogDescription className="text-sm text-stone-600 dark:text-stone-400">Prayer for {formatDay(prayer.day) ?? prayer.day}</DialogDescription>
          </div>
          <DialogClose className="icon-button -mt-1 -mr-2" aria-label="Close prayer audio">
            <X aria-hidden size={20} />
          </DialogClose>
        </div>
        {audio.isPending && (
          <p className="flex items-center gap-2 py-6 text-sm" role="status">
            <Loader2 aria-hidden size={20} className="animate-spin motion-reduce:animate-none" /> Preparing the audio…
          </p>
        )}
        {audio.data && (
          <>
            {/* The words are the prayer itself, on the page behind the dialog. */}
            {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
            <audio
              ref={(el) => {
                element.current = el;
                // Given once the element is in the page, so an early error still reaches onError.
                if (el && !el.getAttribute('src')) el.src = audio.data.audioUrl;
              }}
              autoPlay
              onLoadedMetadata={(e) => void (e.currentTarget.playbackRate = speed)}
              onPlaying={() => setPlaying(true)}
              onPause={() => setPlaying(false)}
              onTimeUpdate={(e) => setPosition(e.currentTarget.currentTime)}
              onEnded={(e) => {
                setPlaying(false);
                e.currentTarget.currentTime = 0;
                setPosition(0);
              }}
              onError={() => setPlaybackFailed(true)}
              data-testid="prayer-audio"
            />
            {playbackFailed ? (
              <div role="alert" className="py-4 text-sm">
                <p className="font-semibold">{AUDIO_MESSAGES.playbackTitle}</p>
                <p>{AUDIO_MESSAGES.playbackText}</p>
              </div>
            ) : (
              <PlayerControls
                title={prayer.title}
                playing={playing}
                position={position}
                duration={duration}
                speed={speed}
                onToggle={toggle}
                onSeek={seek}
                onSkip={(by) => seek(position + by)}
                onSpeed={(s) => {
                  setSpeed(s);
                  if (element.current) element.current.playbackRate = s;
                }}
              />
            )}
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
