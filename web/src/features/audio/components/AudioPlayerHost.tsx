import { lazy, Suspense } from 'react';
import { useAudioState } from '../store/audio-store.ts';

const ChapterPlayer = lazy(() => import('./ChapterPlayer.tsx'));

/** The chapter player, in the app's root so it plays on across pages; its code loads with the first Listen. */
export function AudioPlayerHost() {
  const loaded = useAudioState().audio !== undefined;
  return loaded ? (
    <Suspense fallback={null}>
      <ChapterPlayer />
    </Suspense>
  ) : null;
}
