import { Loader2, X } from 'lucide-react';
import { useReducer, useRef, useState, type ReactNode } from 'react';
import { AUDIO_MESSAGES, DEFAULT_PLAYBACK_SPEED, type PlaybackSpeed } from '#common/audio/rules.ts';
import type { AudioReply } from '#common/contracts/audio.ts';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle, DIALOG_CARD } from '../../../components/ui/dialog.tsx';
import { CLOSED, clamp, playerReducer } from '../player-state.ts';
import { PlayerControls } from './PlayerControls.tsx';

/**
 * A passage or prayer read aloud in a dialog (spec §4 verse audio): "Preparing the audio…" while it is
 * made, then a player that plays at once; closing it stops it. It never minimizes (the chapter player does).
 */
export function AudioDialog({
  title,
  description,
  closeLabel,
  audio,
  failure,
  testId,
  onClose,
  onCloseAutoFocus,
}: {
  title: string;
  description: ReactNode;
  closeLabel: string;
  audio: { isPending: boolean; data?: AudioReply };
  /** What to say when the audio could not be made, if the dialog stays open to say it. */
  failure?: string | null;
  testId: string;
  onClose: () => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const element = useRef<HTMLAudioElement>(null);
  const [player, dispatch] = useReducer(playerReducer, CLOSED);
  const [speed, setSpeed] = useState<PlaybackSpeed>(DEFAULT_PLAYBACK_SPEED);
  const [playbackFailed, setPlaybackFailed] = useState(false);
  const seek = (to: number) => {
    if (element.current) element.current.currentTime = clamp(to, player.duration);
    dispatch({ type: 'seek', to });
  };
  const toggle = () => {
    const el = element.current;
    if (el?.paused) void el.play().catch(() => undefined);
    else el?.pause();
  };
  const data = audio.data;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className={DIALOG_CARD} aria-busy={audio.isPending} onCloseAutoFocus={onCloseAutoFocus}>
        <div className="mb-3 flex items-start justify-between gap-2">
          <div>
            <DialogTitle className="font-serif text-xl font-semibold">{title}</DialogTitle>
            <DialogDescription className="text-sm text-stone-600 dark:text-stone-400">{description}</DialogDescription>
          </div>
          <DialogClose className="icon-button -mt-1 -mr-2" aria-label={closeLabel}>
            <X aria-hidden size={20} />
          </DialogClose>
        </div>
        {audio.isPending && (
          <p className="flex items-center gap-2 py-6 text-sm" role="status">
            <Loader2 aria-hidden size={20} className="animate-spin motion-reduce:animate-none" /> Preparing the audio…
          </p>
        )}
        {failure && (
          <p className="py-6 text-sm" role="alert">
            {failure}
          </p>
        )}
        {data && (
          <>
            {/* The words are on the page behind the dialog (and, for a chapter, marked verse by verse). */}
            {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
            <audio
              ref={(el) => {
                element.current = el;
                // Given once the element is in the page, so an early error still reaches onError.
                if (el && !el.getAttribute('src')) el.src = data.audioUrl;
              }}
              autoPlay
              onLoadedMetadata={(e) => {
                e.currentTarget.playbackRate = speed;
                dispatch({ type: 'ready', duration: data.duration });
              }}
              onPlaying={() => dispatch({ type: 'playing' })}
              onPause={() => dispatch({ type: 'paused' })}
              onTimeUpdate={(e) => dispatch({ type: 'time', position: e.currentTarget.currentTime })}
              onEnded={() => dispatch({ type: 'paused' })}
              onError={() => setPlaybackFailed(true)}
              data-testid={testId}
            />
            {playbackFailed ? (
              <div role="alert" className="py-4 text-sm">
                <p className="font-semibold">{AUDIO_MESSAGES.playbackTitle}</p>
                <p>{AUDIO_MESSAGES.playbackText}</p>
              </div>
            ) : (
              <PlayerControls
                title={title}
                playing={player.playing}
                position={player.position}
                duration={data.duration}
                speed={speed}
                onToggle={toggle}
                onSeek={seek}
                onSkip={(by) => seek(player.position + by)}
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
