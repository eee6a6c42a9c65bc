import { Download, Maximize2, Minimize2, Pause, Play, X } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { passageName } from '#common/scripture/passage-name.ts';
import { AUDIO_MESSAGES, MINIMIZE_AFTER_PLAYING_MS } from '#common/audio/rules.ts';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog.tsx';
import { toastError } from '../../../components/ui/toast-store.ts';
import { cn } from '../../../lib/cn.ts';
import { playerEvent, registerAudioElement, setSpeed, useAudioState } from '../store/audio-store.ts';
import { clamp } from '../player-state.ts';
import { MiniPlayer } from './MiniPlayer.tsx';
import { PlayerControls } from './PlayerControls.tsx';
import { useMediaSession } from '../hooks/use-media-session.ts';

/**
 * The chapter's audio player (spec §2, §4): a dialog, and a 320 px mini-player once playing that stays
 * while the person moves around the app. Loaded with the first Listen; rendered by the app's root.
 */
export default function ChapterPlayer() {
  const { audio, player, speed } = useAudioState();
  const element = useRef<HTMLAudioElement | null>(null);
  // The file that could not be played (spec §8: a toast, and the player says audio is not available).
  const [failedUrl, setFailedUrl] = useState<string>();

  const attach = useCallback((el: HTMLAudioElement | null) => {
    element.current = el;
    registerAudioElement(el);
  }, []);

  // The source is given once the element is in the page: an error found while React was still
  // committing the element would reach no handler (a spoiled file fails within milliseconds).
  const url = audio?.url;
  const startOnLoad = audio?.startOnLoad === true;
  useEffect(() => {
    const el = element.current;
    if (!el || !url) return;
    el.src = url;
    // Refused (a browser that wants the gesture itself): the dialog's Play button is there.
    if (startOnLoad) void el.play().catch(() => undefined);
  }, [url, startOnLoad]);
  useEffect(() => {
    const el = element.current;
    if (!el) return;
    el.defaultPlaybackRate = speed; // a new source starts at the default rate
    el.playbackRate = speed;
  }, [speed, url]);

  // Spec §4: on 'playing' the dialog becomes the mini-player after about 300 ms.
  useEffect(() => {
    if (!player.playing || player.view !== 'dialog') return;
    const timer = setTimeout(() => playerEvent({ type: 'minimize' }), MINIMIZE_AFTER_PLAYING_MS);
    return () => clearTimeout(timer);
  }, [player.playing, player.view]);

  const toggle = useCallback(() => {
    const el = element.current;
    if (!el) return;
    if (el.paused) void el.play().catch(() => undefined);
    else el.pause();
  }, []);
  const seek = useCallback(
    (to: number) => {
      const el = element.current;
      if (!el) return;
      el.currentTime = clamp(to, player.duration);
      playerEvent({ type: 'seek', to });
    },
    [player.duration],
  );
  useMediaSession(audio, { toggle, seek, element });

  if (!audio) return null;
  return (
    <>
      {/* The source is cleared by unmounting: the player closes for good when `audio` goes. */}
      {/* The words are the chapter on the page, marked verse by verse as they are read. */}
      {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
      <audio
        ref={attach}
        preload="auto"
        onPlaying={() => playerEvent({ type: 'playing' })}
        onPause={(e) => !e.currentTarget.ended && playerEvent({ type: 'paused' })}
        onTimeUpdate={(e) => playerEvent({ type: 'time', position: e.currentTarget.currentTime })}
        onEnded={(e) => {
          e.currentTarget.currentTime = 0;
          playerEvent({ type: 'ended' });
        }}
        onError={() => {
          if (failedUrl === audio.url) return;
          setFailedUrl(audio.url);
          toastError(AUDIO_MESSAGES.playbackText, AUDIO_MESSAGES.playbackTitle);
        }}
        data-testid="chapter-audio"
      />
      <Dialog open={player.view === 'dialog'} onOpenChange={(open) => !open && playerEvent({ type: 'close' })}>
        <DialogContent
          className="inset-x-2 bottom-2 rounded-2xl bg-stone-50 p-5 shadow-2xl sm:inset-x-auto sm:bottom-auto sm:top-1/2 sm:left-1/2 sm:w-[28rem] sm:-translate-x-1/2 sm:-translate-y-1/2 dark:bg-stone-900"
          // Spec §4: Escape while playing minimizes; paused, it closes and resets.
          onEscapeKeyDown={(e) => {
            e.preventDefault();
            playerEvent({ type: 'escape' });
          }}
        >
          <div className="mb-3 flex items-start justify-between gap-2">
            <div>
              <DialogTitle className="font-serif text-xl font-semibold">{audio.title}</DialogTitle>
              <DialogDescription className="text-sm text-stone-600 dark:text-stone-400">Audio player</DialogDescription>
            </div>
            <button type="button" className="icon-button -mr-2 -mt-1" aria-label="Close player" onClick={() => playerEvent({ type: 'close' })}>
              <X aria-hidden size={20} />
            </button>
          </div>
          {failedUrl === audio.url ? (
            <div role="alert" className="py-2 text-sm">
              <p className="font-semibold">{AUDIO_MESSAGES.unavailableTitle}</p>
              <p className="text-stone-700 dark:text-stone-300">{AUDIO_MESSAGES.unavailableText}</p>
            </div>
          ) : (
            <PlayerControls
              title={audio.title}
              playing={player.playing}
              position={player.position}
              duration={player.duration}
              speed={speed}
              onToggle={toggle}
              onSeek={seek}
              onSkip={(by) => seek(player.position + by)}
              onSpeed={setSpeed}
            />
          )}
          <div className="mt-4 flex justify-between gap-2">
            <button type="button" className="button-secondary" onClick={() => playerEvent({ type: 'minimize' })}>
              <Minimize2 aria-hidden size={18} /> Minimize
            </button>
            <a className="button-secondary" href={audio.url} download={`${audio.title}.mp3`}>
              <Download aria-hidden size={18} /> Download
            </a>
          </div>
        </DialogContent>
      </Dialog>
      {player.view === 'mini' && (
        <MiniPlayer title={audio.title} onEscape={() => playerEvent({ type: 'escape' })}>
          <button type="button" className="icon-button" aria-label={`${player.playing ? 'Pause' : 'Play'} ${audio.title}`} onClick={toggle}>
            {player.playing ? <Pause aria-hidden size={20} /> : <Play aria-hidden size={20} />}
          </button>
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-semibold">
              {passageName({ book: audio.book, chapter: audio.chapter })}{' '}
              <span className="text-xs font-normal text-stone-600 dark:text-stone-400">{audio.translation}</span>
            </p>
            <div className="h-1 overflow-hidden rounded bg-stone-200 dark:bg-stone-700" aria-hidden>
              <div
                className={cn('h-full bg-orange-800 dark:bg-orange-300')}
                style={{ width: `${player.duration ? (player.position / player.duration) * 100 : 0}%` }}
              />
            </div>
          </div>
          <button type="button" className="icon-button" aria-label="Expand player" onClick={() => playerEvent({ type: 'expand' })}>
            <Maximize2 aria-hidden size={18} />
          </button>
          <button type="button" className="icon-button" aria-label="Close player" onClick={() => playerEvent({ type: 'dismiss' })}>
            <X aria-hidden size={18} />
          </button>
        </MiniPlayer>
      )}
    </>
  );
}
