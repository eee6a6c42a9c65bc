/** Spec §4 and §9: how reading progress is measured in the reader. */
export const VIEWED_VISIBILITY = 0.5;
export const COMPLETED_SHARE = 0.8;
export const REPORT_EVERY_MS = 30_000;
export const MAX_REPORTS_PER_VIEW = 10;
export const IDLE_STOP_MS = 120_000;

/**
 * Minutes are counted by the browser, so the server bounds them: one report cannot claim more than
 * an hour, and no day more than 12 hours, whatever is sent.
 */
export const MINUTES_PER_REPORT_MAX = 60;
export const MINUTES_PER_DAY_MAX = 720;
/** Reading this many minutes in a day keeps a streak alive even without finishing a chapter. */
export const STUDY_DAY_MINUTES = 5;

/** How far back a guest's browser history moves into an account on sign-in (the server allows a day more, for time zones). */
export const MOVED_HISTORY_DAYS = 365;

/** Verses viewed in one chapter: no chapter has more than 176 (Psalm 119). */
export const MAX_VERSE_NUMBER = 200;

/** Verses needed to complete a chapter of `total` verses. */
export function versesToComplete(total: number): number {
  return Math.ceil(total * COMPLETED_SHARE);
}

/** What one day held, as the streak rules read it. */
export interface DayActivity {
  chaptersRead: number;
  minutesSpent: number;
  versesHighlighted: number;
  notesCreated: number;
  questionsAsked: number;
}

/**
 * A day counts toward a streak when the person finished a chapter, read for a few minutes, or
 * studied: highlighted, wrote a note or asked the AI a question.
 */
export function dayCounts(d: DayActivity): boolean {
  return d.chaptersRead > 0 || d.minutesSpent >= STUDY_DAY_MINUTES || d.versesHighlighted > 0 || d.notesCreated > 0 || d.questionsAsked > 0;
}
