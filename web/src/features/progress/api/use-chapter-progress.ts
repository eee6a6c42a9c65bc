import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, type RefObject } from 'react';
import { STORAGE_KEYS, storage } from '../../../lib/storage.ts';
import { useViewer, type Viewer } from '../../auth/api/viewer.ts';
import { ChapterProgressTracker } from '../chapter-progress.ts';
import { beaconMinutes, PROGRESS_KEY, sendChapterProgress } from './progress-reports.ts';
import { notePendingMinutes } from '../store/pending-minutes.ts';
import type * as GuestProgress from '../store/guest-progress.ts';

// A guest's store (and the stats code beside it) stays out of the reader's first load: it is fetched
// with the first report to keep; minutes from a page left before then are noted in a few bytes.
let guestStore: typeof GuestProgress | null = null;
let guestStoreLoading: Promise<typeof GuestProgress> | null = null;
const loadGuestStore = () => (guestStoreLoading ??= import('../store/guest-progress.ts').then((m) => (guestStore = m)));
// The same for a guest's reading plans, fetched only when this browser follows one.
const loadGuestPlans = () => import('../../plans/store/guest-plans.ts');
/** The plans queries' key (features/plans/api/plans.ts), written here so the reader does not load that module. */
const PLANS_KEY = ['plans'] as const;

export interface ChapterOnScreen {
  /** The book as the reader names it ("John"). */
  book: string;
  chapter: number;
  translation: string;
  /** The verse numbers the chapter shows; empty while no chapter text is on screen. */
  verses: readonly number[];
  /** The element holding the chapter's verses (`[data-verse]` spans). */
  container: RefObject<HTMLElement | null>;
}

/**
 * Spec §4 reading progress for the reader: what is seen is reported to the account, or kept in the
 * browser for a guest; a newly completed chapter refreshes every progress query (streak, stats, coverage).
 */
export function useChapterProgress({ book, chapter, translation, verses, container }: ChapterOnScreen): void {
  const queryClient = useQueryClient();
  const viewer = useViewer();
  const viewerNow = useRef<Viewer>(viewer);
  const tracker = useRef<ChapterProgressTracker | null>(null);

  useEffect(() => {
    viewerNow.current = viewer;
  }, [viewer]);

  useEffect(() => {
    if (typeof IntersectionObserver === 'undefined') return;
    const refresh = () => void queryClient.invalidateQueries({ queryKey: PROGRESS_KEY });
    const refreshPlans = () => void queryClient.invalidateQueries({ queryKey: PLANS_KEY });
    const t = new ChapterProgressTracker({
      observe: (callback, options) => new IntersectionObserver(callback, options),
      report: (progress) => {
        if (viewerNow.current === 'user') {
          // The server has checked the chapter off in the account's plans already.
          void sendChapterProgress(progress).then((result) => {
            if (!result?.newlyCompleted) return;
            refresh();
            refreshPlans();
          });
        } else if (viewerNow.current === 'guest') {
          void loadGuestStore()
            .then(async (store) => {
              if (!store.recordGuestChapterProgress(progress).newlyCompleted) return;
              refresh();
              if (!storage.get(STORAGE_KEYS.guestPlans)) return;
              const plans = await loadGuestPlans();
              if (plans.guestChapterCompleted(progress.book, progress.chapter)) refreshPlans();
            })
            .catch(() => undefined);
        }
      },
      sendMinutes: (minutes) => {
        if (viewerNow.current === 'user') beaconMinutes(minutes);
        else if (viewerNow.current === 'guest') {
          // Synchronous when the store is loaded: the page may be gone before a promise settles.
          const record = (store: typeof GuestProgress) => {
            store.recordGuestActivity({ minutesSpent: minutes });
            refresh();
          };
          if (guestStore) record(guestStore);
          else notePendingMinutes(minutes);
        }
      },
    });
    tracker.current = t;
    const active = () => t.activity();
    const onVisibility = () => (document.visibilityState === 'hidden' ? t.suspend() : t.activity());
    const onHide = () => t.suspend();
    // Scroll does not bubble: captured at the document it is seen from any scrolling element.
    document.addEventListener('scroll', active, { capture: true, passive: true });
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('keydown', active);
    window.addEventListener('pointerdown', active, { passive: true });
    window.addEventListener('pagehide', onHide);
    window.addEventListener('pageshow', active);
    return () => {
      document.removeEventListener('scroll', active, { capture: true });
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('keydown', active);
      window.removeEventListener('pointerdown', active);
      window.removeEventListener('pagehide', onHide);
      window.removeEventListener('pageshow', active);
      tracker.current = null;
      t.dispose();
    };
  }, [queryClient]);

  // Who is reading must be known before anything is sent; a sign-in during the view does not restart it.
  const ready = viewer !== 'loading';
  const verseList = verses.join(',');
  useEffect(() => {
    const t = tracker.current;
    const root = container.current;
    if (!t || !ready || !root || !verseList) return;
    const totalVerses = new Set(verseList.split(',')).size;
    t.start({ book, chapter, totalVerses }, root.querySelectorAll('[data-verse]'));
    return () => t.stop();
    // The translation is not sent, but another one is another view (its verses and text differ).
  }, [ready, book, chapter, translation, verseList, container]);
}
