import {
  IDLE_STOP_MS,
  MAX_REPORTS_PER_VIEW,
  MAX_VERSE_NUMBER,
  MINUTES_PER_REPORT_MAX,
  REPORT_EVERY_MS,
  VIEWED_VISIBILITY,
  versesToComplete,
} from '#common/progress/rules.ts';

/** The chapter on screen: the book as the reader names it ("John") and how many verses it shows. */
export interface ChapterView {
  book: string;
  chapter: number;
  totalVerses: number;
}

/** One progress report (POST /api/track-chapter-progress). */
export interface ChapterProgress extends ChapterView {
  versesViewed: number[];
  completed: boolean;
}

/** What the tracker needs of an IntersectionObserver entry: a verse element and how much of it shows. */
export type VisibilityEntry = Pick<IntersectionObserverEntry, 'target' | 'intersectionRatio' | 'isIntersecting'>;
export type VisibilityObserver = Pick<IntersectionObserver, 'observe' | 'disconnect'>;

/** Timers as cancel functions, so tests can drive them with fake timers or by hand. */
export interface Scheduler {
  every(ms: number, run: () => void): () => void;
  after(ms: number, run: () => void): () => void;
}

export interface TrackerPorts {
  now?: () => number;
  scheduler?: Scheduler;
  observe: (callback: (entries: readonly VisibilityEntry[]) => void, options: IntersectionObserverInit) => VisibilityObserver;
  report: (progress: ChapterProgress) => void;
  /** Active reading minutes, sent on leaving the page (a beacon for an account, the browser's store for a guest). */
  sendMinutes: (minutes: number) => void;
}

// Browsers compute the ratio in floating point: a verse exactly at the threshold can come out a hair below it.
const RATIO_SLACK = 1e-3;
const MINUTE = 60_000;

export const browserScheduler: Scheduler = {
  every(ms, run) {
    const id = setInterval(run, ms);
    return () => clearInterval(id);
  },
  after(ms, run) {
    const id = setTimeout(run, ms);
    return () => clearTimeout(id);
  },
};

/**
 * Spec §4 reading progress for one reader: which verses were seen (half visible or more), when the
 * chapter counts as read (80 % of its verses), reports every 30 s while the person is active, and the
 * minutes of active reading. One tracker lives as long as the reader; `start` begins each chapter view.
 */
export class ChapterProgressTracker {
  private readonly now: () => number;
  private readonly scheduler: Scheduler;
  private view: ChapterView | null = null;
  private observer: VisibilityObserver | null = null;
  private viewed = new Set<number>();
  private reports = 0;
  private completedSent = false;
  private stopTicking: (() => void) | null = null;
  private stopIdleCheck: (() => void) | null = null;
  private lastActivity = 0;
  /** When the current stretch of active reading began; null while idle. */
  private activeSince: number | null = null;
  private activeMs = 0;
  /** Whether the minutes counted so far include any reading (a verse seen). */
  private anyViewed = false;

  constructor(private readonly ports: TrackerPorts) {
    this.now = ports.now ?? (() => Date.now());
    this.scheduler = ports.scheduler ?? browserScheduler;
  }

  /** A new chapter view (another book, chapter or translation): nothing of the last one carries over but its minutes. */
  start(view: ChapterView, verseElements: Iterable<Element>): void {
    this.endView();
    this.view = view;
    this.viewed = new Set();
    this.reports = 0;
    this.completedSent = false;
    // A late callback of the last view's observer must not count its verses in this one.
    const observer: VisibilityObserver = this.ports.observe(
      (entries) => {
        if (this.observer === observer) this.onVisibility(entries);
      },
      { threshold: VIEWED_VISIBILITY },
    );
    this.observer = observer;
    for (const element of verseElements) observer.observe(element);
    this.activity();
  }

  /** Scrolling, a key, a tap, or a verse coming into view: keeps reporting alive, or wakes it. */
  activity(): void {
    if (!this.view) return;
    const now = this.now();
    this.lastActivity = now;
    if (this.activeSince === null) this.wake(now);
    else this.minutesCheckpoint();
  }

  /** The page was hidden: its time stops counting and the minutes so far are sent (it may never come back). */
  suspend(): void {
    this.sleep(this.now());
    this.flushMinutes();
  }

  /** Sends the active minutes counted since the last send, when a verse was seen and there is at least one. */
  flushMinutes(): void {
    const now = this.now();
    if (this.activeSince !== null) {
      this.activeMs += now - this.activeSince;
      this.activeSince = now;
    }
    if (!this.anyViewed) {
      // Time on a page where nothing was read is not reading time.
      this.activeMs = 0;
      return;
    }
    const minutes = Math.min(MINUTES_PER_REPORT_MAX, Math.round(this.activeMs / MINUTE));
    if (minutes < 1) return;
    this.ports.sendMinutes(minutes);
    this.activeMs = 0;
    this.anyViewed = this.viewed.size > 0;
  }

  /** The chapter left the screen (the next one is loading): nothing is seen or reported until `start`. */
  stop(): void {
    this.endView();
  }

  /** The reader is gone (another page, unmounted): the last minutes go with it. */
  dispose(): void {
    this.endView();
    this.flushMinutes();
  }

  /** For tests and the hook: the verses seen in this view, in order. */
  versesViewed(): number[] {
    return [...this.viewed].sort((a, b) => a - b);
  }

  private endView(): void {
    this.sleep(this.now());
    this.observer?.disconnect();
    this.observer = null;
    this.view = null;
  }

  private wake(now: number): void {
    this.activeSince = now;
    if (this.reports < this.periodicLimit()) this.stopTicking = this.scheduler.every(REPORT_EVERY_MS, () => this.tick());
    this.scheduleIdleCheck(IDLE_STOP_MS);
  }

  /** Stops the clock at `at` (when idleness began, which a throttled background timer may have passed). */
  private sleep(at: number): void {
    if (this.activeSince !== null) this.activeMs += Math.max(0, at - this.activeSince);
    this.activeSince = null;
    this.stopTicking?.();
    this.stopTicking = null;
    this.stopIdleCheck?.();
    this.stopIdleCheck = null;
  }

  // One timer per idle period rather than one per scroll event: when it fires, it looks at the last activity.
  private scheduleIdleCheck(ms: number): void {
    this.stopIdleCheck?.();
    this.stopIdleCheck = this.scheduler.after(ms, () => {
      this.stopIdleCheck = null;
      const idleAt = this.lastActivity + IDLE_STOP_MS;
      const now = this.now();
      if (now >= idleAt) this.sleep(idleAt);
      else this.scheduleIdleCheck(idleAt - now);
    });
  }

  /**
   * The last of the ten reports is kept for the completed flag until it has been sent, so a long
   * chapter read slowly still gets its completion through within the cap.
   */
  private periodicLimit(): number {
    return this.completedSent ? MAX_REPORTS_PER_VIEW : MAX_REPORTS_PER_VIEW - 1;
  }

  private tick(): void {
    const now = this.now();
    // A tick due at the same moment as the idle check must not report for a reader who has gone.
    if (now - this.lastActivity >= IDLE_STOP_MS) {
      this.sleep(this.lastActivity + IDLE_STOP_MS);
      return;
    }
    if (this.viewed.size > 0 && this.reports < this.periodicLimit()) this.send(false);
    if (this.reports >= this.periodicLimit()) {
      this.stopTicking?.();
      this.stopTicking = null;
    }
    this.minutesCheckpoint();
  }

  private onVisibility(entries: readonly VisibilityEntry[]): void {
    const view = this.view;
    if (!view) return;
    let added = false;
    for (const entry of entries) {
      if (!entry.isIntersecting || entry.intersectionRatio < VIEWED_VISIBILITY - RATIO_SLACK) continue;
      const verse = Number(entry.target.getAttribute('data-verse'));
      if (!Number.isInteger(verse) || verse < 1 || verse > MAX_VERSE_NUMBER || this.viewed.has(verse)) continue;
      this.viewed.add(verse);
      added = true;
    }
    if (!added) return;
    this.anyViewed = true;
    this.activity();
    if (!this.completedSent && this.viewed.size >= versesToComplete(view.totalVerses) && this.reports < MAX_REPORTS_PER_VIEW) {
      this.completedSent = true;
      this.send(true);
    }
  }

  private send(completed: boolean): void {
    const view = this.view!;
    this.reports++;
    this.ports.report({ book: view.book, chapter: view.chapter, totalVerses: view.totalVerses, versesViewed: this.versesViewed(), completed });
  }

  // A single report carries at most an hour: a longer session sends each full hour as it is reached.
  private minutesCheckpoint(): void {
    const running = this.activeSince === null ? 0 : this.now() - this.activeSince;
    if (this.activeMs + running >= MINUTES_PER_REPORT_MAX * MINUTE) this.flushMinutes();
  }
}
