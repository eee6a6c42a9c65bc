import { useEffect, type RefObject } from 'react';
import { SKIP_SECONDS } from '#common/audio/rules.ts';
import type { ChapterAudio } from '../store/audio-store.ts';

/** Lock-screen and headset controls (Media Session API), titled like "John 3 (KJV)". */
export function useMediaSession(
  audio: ChapterAudio | undefined,
  controls: { toggle: () => void; seek: (to: number) => void; element: RefObject<HTMLAudioElement | null> },
): void {
  const { toggle, seek, element } = controls;
  useEffect(() => {
    if (!audio || !('mediaSession' in navigator)) return;
    const session = navigator.mediaSession;
    session.metadata = new MediaMetadata({ title: audio.title, artist: 'Selah', album: 'Bible audio' });
    const at = () => element.current?.currentTime ?? 0;
    const handlers: [MediaSessionAction, MediaSessionActionHandler][] = [
      ['play', () => element.current?.paused && toggle()],
      ['pause', () => element.current?.paused === false && toggle()],
      ['seekbackward', (d) => seek(at() - (d.seekOffset ?? SKIP_SECONDS))],
      ['seekforward', (d) => seek(at() + (d.seekOffset ?? SKIP_SECONDS))],
      ['seekto', (d) => d.seekTime !== undefined && seek(d.seekTime)],
    ];
    for (const [action, handler] of handlers) {
      try {
        session.setActionHandler(action, handler);
      } catch {
        // A browser that does not know an action says so by throwing: the others still work.
      }
    }
    return () => {
      session.metadata = null;
      for (const [action] of handlers) {
        try {
          session.setActionHandler(action, null);
        } catch {
          // as above
        }
      }
    };
  }, [audio, toggle, seek, element]);
}
