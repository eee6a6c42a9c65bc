import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChapterProgressTracker, type ChapterProgress, type VisibilityEntry } from './chapter-progress.ts';
import { beaconMinutes } from './api/progress-reports.ts';

/** An IntersectionObserver the test drives: `show` says how much of a verse is on screen. */
class FakeObserver {
  readonly targets: Element[] = [];
  disconnected = false;
  constructor(
    readonly callback: (entries: readonly VisibilityEntry[]) => void,
    readonly options: IntersectionObserverInit,
  ) {}
  observe(target: Element) {
    this.targets.push(target);
  }
  disconnect() {
    this.disconnected = true;
  }
  show(verse: number, ratio: number) {
    const target = this.targets.find((t) => t.getAttribute('data-verse') === String(verse));
    if (!target) throw new Error(`verse ${verse} is not observed`);
    this.callback([{ target, intersectionRatio: ratio, isIntersecting: ratio > 0 }]);
  }
  showAll(verses: number[]) {
    for (const v of verses) this.show(v, 1);
  }
}

const verseElement = (verse: number) => ({ getAttribute: (name: string) => (name === 'data-verse' ? String(verse) : null) }) as unknown as Element;
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

function setup() {
  const observers: FakeObserver[] = [];
  const reports: ChapterProgress[] = [];
  const minutes: number[] = [];
  const tracker = new ChapterProgressTracker({
    observe: (callback, options) => {
      const o = new FakeObserver(callback, options);
      observers.push(o);
      return o;
    },
    report: (p) => reports.push(p),
    sendMinutes: (m) => minutes.push(m),
  });
  const open = (book: string, chapter: number, totalVerses: number) => {
    tracker.start({ book, chapter, totalVerses }, range(1, totalVerses).map(verseElement));
    return observers.at(-1)!;
  };
  /** Moves the clock on with the reader active (a scroll every 20 s). */
  const readFor = (ms: number) => {
    for (let left = ms; left > 0; left -= 20_000) {
      vi.advanceTimersByTime(Math.min(20_000, left));
      tracker.activity();
    }
  };
  return { tracker, observers, reports, minutes, open, readFor };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-03-01T10:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('which verses count as viewed', () => {
  it('asks the observer for the 50 % threshold and counts a verse at 50 % but not at 49 %', () => {
    const { open, tracker } = setup();
    const screen = open('John', 3, 36);
    expect(screen.options.threshold).toBe(0.5);
    screen.show(1, 0.49);
    screen.show(2, 0.5);
    screen.show(3, 0.75);
    expect(tracker.versesViewed()).toEqual([2, 3]);
  });

  it('ignores an entry that is no longer intersecting, whatever its ratio says', () => {
    const { open, tracker } = setup();
    const screen = open('John', 3, 36);
    screen.callback([{ target: verseElement(4), intersectionRatio: 0.9, isIntersecting: false }]);
    expect(tracker.versesViewed()).toEqual([]);
  });
});

describe('completing a chapter', () => {
  it('completes at exactly 80 % of the verses and reports it at once', () => {
    const { open, reports } = setup();
    const screen = open('Psalms', 1, 10);
    screen.showAll(range(1, 7));
    expect(reports).toEqual([]);
    screen.show(8, 1);
    expect(reports).toEqual([{ book: 'Psalms', chapter: 1, totalVerses: 10, versesViewed: range(1, 8), completed: true }]);
  });

  it('rounds the 80 % up: 8 of 11 verses is not enough, 9 is', () => {
    const { open, reports } = setup();
    const screen = open('Psalms', 2, 11);
    screen.showAll(range(1, 8));
    expect(reports.filter((r) => r.completed)).toHaveLength(0);
    screen.show(9, 1);
    expect(reports.filter((r) => r.completed)).toHaveLength(1);
  });

  it('sends the completed flag once per view, and later reports say false', () => {
    const { open, reports, readFor } = setup();
    const screen = open('Jude', 1, 25);
    screen.showAll(range(1, 20));
    screen.showAll(range(21, 25));
    readFor(90_000);
    expect(reports.map((r) => r.completed)).toEqual([true, false, false, false]);
    expect(reports.at(-1)!.versesViewed).toEqual(range(1, 25));
  });
});

describe('when progress is reported', () => {
  it('reports every 30 s with the verses seen so far', () => {
    const { open, reports, tracker } = setup();
    const screen = open('John', 3, 36);
    screen.showAll([1, 2]);
    vi.advanceTimersByTime(29_999);
    expect(reports).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(reports).toEqual([{ book: 'John', chapter: 3, totalVerses: 36, versesViewed: [1, 2], completed: false }]);
    tracker.activity();
    screen.show(3, 1);
    vi.advanceTimersByTime(30_000);
    expect(reports).toHaveLength(2);
    expect(reports[1]!.versesViewed).toEqual([1, 2, 3]);
  });

  it('says nothing while no verse has been seen', () => {
    const { open, reports, readFor } = setup();
    open('John', 3, 36);
    readFor(100_000);
    expect(reports).toHaveLength(0);
  });

  it('sends at most 10 reports in a view, whatever happens after', () => {
    const { open, reports, readFor } = setup();
    const screen = open('John', 3, 36);
    screen.showAll(range(1, 30));
    readFor(20 * 60_000);
    expect(reports).toHaveLength(10);
    expect(reports.filter((r) => r.completed)).toHaveLength(1);
  });

  it('keeps the tenth report for the completed flag when the chapter is finished late', () => {
    const { open, reports, readFor } = setup();
    const screen = open('Psalms', 119, 176);
    screen.show(1, 1);
    readFor(10 * 60_000);
    expect(reports).toHaveLength(9);
    expect(reports.every((r) => !r.completed)).toBe(true);
    screen.showAll(range(2, 141));
    expect(reports).toHaveLength(10);
    expect(reports[9]!.completed).toBe(true);
    readFor(5 * 60_000);
    expect(reports).toHaveLength(10);
  });

  it('stops after 2 minutes without activity and starts again on new activity, within the same cap', () => {
    const { open, reports, tracker, readFor } = setup();
    const screen = open('John', 3, 36);
    screen.show(1, 1);
    vi.advanceTimersByTime(10 * 60_000);
    // 30, 60 and 90 s; at 120 s the reader has been still for two minutes.
    expect(reports).toHaveLength(3);
    tracker.activity();
    vi.advanceTimersByTime(29_999);
    expect(reports).toHaveLength(3);
    vi.advanceTimersByTime(1);
    expect(reports).toHaveLength(4);
    readFor(20 * 60_000);
    expect(reports).toHaveLength(9);
  });

  it('counts a verse coming into view as activity', () => {
    const { open, reports } = setup();
    const screen = open('John', 3, 36);
    screen.show(1, 1);
    vi.advanceTimersByTime(100_000);
    screen.show(2, 1);
    vi.advanceTimersByTime(100_000);
    // Without the second verse the reader would have gone idle at 120 s: 3 reports, not 6.
    expect(reports).toHaveLength(6);
  });
});

describe('a new chapter', () => {
  it('starts over: new verses, new reports, a new completed flag, and the old observer let go', () => {
    const { open, reports, readFor } = setup();
    const first = open('John', 3, 10);
    first.showAll(range(1, 8));
    readFor(60_000);
    expect(reports).toHaveLength(3);
    const second = open('John', 4, 10);
    expect(first.disconnected).toBe(true);
    // A late callback from the last chapter's observer changes nothing here.
    first.show(9, 1);
    second.show(1, 1);
    readFor(30_000);
    expect(reports.at(-1)).toEqual({ book: 'John', chapter: 4, totalVerses: 10, versesViewed: [1], completed: false });
    second.showAll(range(2, 8));
    expect(reports.at(-1)).toMatchObject({ chapter: 4, completed: true });
  });
});

describe('minutes spent', () => {
  it('sends nothing on leaving when no verse was seen', () => {
    const { open, tracker, minutes, readFor } = setup();
    open('John', 3, 36);
    readFor(5 * 60_000);
    tracker.suspend();
    tracker.dispose();
    expect(minutes).toEqual([]);
  });

  it('sends the active minutes once on leaving, rounded, and not again', () => {
    const { open, tracker, minutes, readFor } = setup();
    open('John', 3, 36).show(1, 1);
    readFor(3 * 60_000 + 20_000);
    tracker.suspend();
    expect(minutes).toEqual([3]);
    tracker.suspend();
    tracker.dispose();
    expect(minutes).toEqual([3]);
  });

  it('gives 1 minute from 30 s of reading, and none below', () => {
    const short = setup();
    short.open('John', 3, 36).show(1, 1);
    vi.advanceTimersByTime(29_000);
    short.tracker.suspend();
    expect(short.minutes).toEqual([]);
    const longer = setup();
    longer.open('John', 3, 36).show(1, 1);
    vi.advanceTimersByTime(30_000);
    longer.tracker.suspend();
    expect(longer.minutes).toEqual([1]);
  });

  it('does not count time after the reader went idle', () => {
    const { open, tracker, minutes } = setup();
    open('John', 3, 36).show(1, 1);
    vi.advanceTimersByTime(60 * 60_000);
    tracker.suspend();
    expect(minutes).toEqual([2]);
  });

  it('stops the clock when idleness began, even when a background tab runs the idle timer late', () => {
    const idleChecks: (() => void)[] = [];
    const minutes: number[] = [];
    let now = 0;
    let observer: FakeObserver | undefined;
    const tracker = new ChapterProgressTracker({
      now: () => now,
      scheduler: {
        every: () => () => {},
        after: (_ms, run) => {
          idleChecks.push(run);
          return () => {};
        },
      },
      observe: (callback, options) => (observer = new FakeObserver(callback, options)),
      report: () => {},
      sendMinutes: (m) => minutes.push(m),
    });
    tracker.start({ book: 'John', chapter: 3, totalVerses: 36 }, [verseElement(1)]);
    observer!.show(1, 1);
    now = 45 * 60_000;
    idleChecks.at(-1)!();
    tracker.suspend();
    expect(minutes).toEqual([2]);
  });

  it('keeps counting across chapters and sends when the reader is left', () => {
    const { open, tracker, minutes, readFor } = setup();
    open('John', 3, 36).show(1, 1);
    readFor(2 * 60_000);
    open('John', 4, 54).show(1, 1);
    readFor(2 * 60_000);
    expect(minutes).toEqual([]);
    tracker.dispose();
    expect(minutes).toEqual([4]);
  });

  it('sends a full hour as soon as it is reached, so no report is over the cap', () => {
    const { open, tracker, minutes, readFor } = setup();
    open('John', 3, 36).show(1, 1);
    readFor(90 * 60_000);
    expect(minutes).toEqual([60]);
    tracker.suspend();
    expect(minutes).toEqual([60, 30]);
  });

  it('does not count the time the page was hidden', () => {
    const { open, tracker, minutes, readFor } = setup();
    open('John', 3, 36).show(1, 1);
    readFor(60_000);
    tracker.suspend();
    vi.advanceTimersByTime(30 * 60_000);
    tracker.activity();
    readFor(60_000);
    tracker.suspend();
    expect(minutes).toEqual([1, 1]);
  });
});

describe('the beacon', () => {
  it('posts the minutes as a text/plain JSON body to the study-activity endpoint', async () => {
    const sendBeacon = vi.fn((_url: string, _body: Blob) => true);
    const fetch = vi.fn();
    vi.stubGlobal('navigator', { sendBeacon });
    vi.stubGlobal('fetch', fetch);
    beaconMinutes(3);
    expect(sendBeacon).toHaveBeenCalledTimes(1);
    const [url, body] = sendBeacon.mock.calls[0]!;
    expect(url).toBe('/api/study-activity/track');
    expect(body.type).toBe('text/plain');
    expect(JSON.parse(await body.text())).toEqual({ minutesSpent: 3 });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('falls back to a keepalive request when the browser will not queue the beacon', () => {
    const fetch = vi.fn(() => Promise.resolve(new Response(null, { status: 204 })));
    vi.stubGlobal('navigator', { sendBeacon: () => false });
    vi.stubGlobal('fetch', fetch);
    beaconMinutes(2);
    expect(fetch).toHaveBeenCalledWith('/api/study-activity/track', expect.objectContaining({ method: 'POST', keepalive: true, body: '{"minutesSpent":2}' }));
  });
});
