import { apiPost } from '../../../lib/api-client.ts';
import type { recordGuestActivity } from '../../progress/store/guest-progress.ts';

export interface ActivityReport {
  chaptersRead?: number;
  minutesSpent?: number;
  versesHighlighted?: number;
  notesCreated?: number;
}

type KnownViewer = 'guest' | 'user';

// Who is reading, as the root's settings sync learns it: these reports are sent from plain functions
// (after a highlight, a note, an answer) that cannot read the signed-in user themselves.
let viewer: KnownViewer | null = null;
let waiting: ((known: KnownViewer) => void)[] = [];

/** Told by the app whenever who is signed in becomes known or changes. */
export function setActivityViewer(kind: 'loading' | KnownViewer): void {
  viewer = kind === 'loading' ? null : kind;
  if (!viewer) return;
  const ready = waiting;
  waiting = [];
  for (const run of ready) run(viewer);
}

// Something done in the first moments of a page, before the user is known, is counted once it is.
function whenViewerKnown(run: (known: KnownViewer) => void): void {
  if (viewer) run(viewer);
  else if (waiting.length < 50) waiting.push(run);
}

// A guest's study is kept in this browser; its code loads with the first action to keep.
function recordForGuest(report: Parameters<typeof recordGuestActivity>[0]): Promise<void> {
  return import('../../progress/store/guest-progress.ts').then((m) => m.recordGuestActivity(report)).catch(() => undefined);
}

/**
 * Spec §7 study-activity event. The server keeps a signed-in person's; a guest's stays in the browser
 * (their streak). Settles once recorded, so the caller can refresh the progress figures (spec §7); a
 * lost report never fails it: it must not get in the way of what the reader just did.
 */
export function trackActivity(report: ActivityReport): Promise<void> {
  return new Promise((done) =>
    whenViewerKnown((known) => {
      const recorded =
        known === 'user'
          ? apiPost('/api/study-activity/track', report).then(() => undefined)
          : recordForGuest({ minutesSpent: report.minutesSpent, versesHighlighted: report.versesHighlighted, notesCreated: report.notesCreated });
      void recorded.catch(() => undefined).finally(done);
    }),
  );
}

/**
 * A question a guest asked the Bible AI (the server counts a signed-in person's itself). Settles once
 * the question is counted, so the caller can refresh the progress figures, and never fails.
 */
export function trackGuestQuestion(): Promise<void> {
  return new Promise((done) =>
    whenViewerKnown((known) => {
      if (known === 'guest') void recordForGuest({ questionsAsked: 1 }).finally(done);
      else done();
    }),
  );
}
