import { useQuery } from '@tanstack/react-query';
import { Loader2, X } from 'lucide-react';
import { useReducer, useRef, useState } from 'react';
import { AUDIO_MESSAGES, DEFAULT_PLAYBACK_SPEED, type PlaybackSpeed } from '#common/audio/rules.ts';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle, DIALOG_CARD } from '../../../components/ui/dialog.tsx';
import { requestVerseAudio } from '../api/audio.ts';
import { CLOSED, clamp, playerReducer } from '../player-state.ts';
import { PlayerControls } from './PlayerControls.tsx';

/**
 * Spec §4 verse audio: a loading dialog while the verses are read, then a player that plays at once;
 * closing it clears it. Separate from the chapter player: it never minimizes.
 */
export default function VerseAudioDialog({
  reference,
  text,
  translation,
  onClose,
}: {
  reference: string;
  text: string;
  translation: string;
  onClose: () => void;
}) {
  const audio = useQuery({
    queryKey: ['audio', 'verse', reference, translation],
    queryFn: () => requestVerseAudio({ reference, text, translation }),
    retry: false,
    staleTime: Infinity,
  });
  const element = useRef<HTMLAudioElement>(null);
  const [player, dispatch] = useReducer(playerReducer, CLOSED);
  const [speed, setSpeed] = useState<PlaybackSpeed>(DEFAULT_PLAYBACK_SPEED);
  const [playbackFailed, setPlaybackFailed] = useState(false);
  const title = `${reference} (${translation})`;
  const seek = (to: number) => {
    if (element.current) element.current.currentTime = clamp(to, player.duration);
    dispatch({ type: 'seek', to });
  };
  const toggle = () => {
    const el = element.current;
    if (el?.paused) void el.play().catch(() => undefined);
    else el?.pause();
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className={DIALOG_CARD} aria-busy={audio.isPending}>
        <div className="mb-3 flex items-start justify-between gap-2">
          <div>
            <DialogTitle className="font-serif text-xl font-semibold">{title}</DialogTitle>
            <DialogDescription className="text-sm text-stone-600 dark:text-stone-400">Verse audio</DialogDescription>
          </div>
          <DialogClose className="icon-button -mr-2 -mt-1" aria-label="Close verse audio">
            <X aria-hidden size={20} />
          </DialogClose>
        </div>
        {audio.isPending && (
          <p className="flex items-center gap-2 py-6 text-sm" role="status">
            <Loader2 aria-hidden size={20} className="animate-spin" /> Preparing the audio…
          </p>
        )}
        {audio.isError && (
          <p className="py-6 text-sm" role="alert">
            {AUDIO_MESSAGES.verseFailed}
          </p>
        )}
        {audio.data && (
          <>
            {/* The words are the passage itself, shown on the page (and, for a chapter, marked verse by verse). */}
            {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
            <audio
              ref={(el) => {
                element.current = el;
                // Given once the element is in the page, so an early error still reaches onError.
                if (el && !el.getAttribute('src')) el.src = audio.data.audioUrl;
              }}
              autoPlay
              onLoadedMetadata={(e) => {
                e.currentTarget.playbackRate = speed;
                dispatch({ type: 'ready', duration: audio.data.duration });
              }}
              onPlaying={() => dispatch({ type: 'playing' })}
              onPause={() => dispatch({ type: 'paused' })}
              onTimeUpdate={(e) => dispatch({ type: 'time', position: e.currentTarget.currentTime })}
              onEnded={() => dispatch({ type: 'paused' })}
              onError={() => setPlaybackFailed(true)}
              data-testid="verse-audio"
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
                duration={audio.data.duration}
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
