import type { BookCoverage, ProgressImport, StudyStats, StudyStreak, StudyTotals, UserAchievements } from '#common/contracts/progress.ts';
import { PROTESTANT_CANON } from '#common/scripture/canon.ts';
import { evaluateAchievements, type ProgressFacts } from '#common/progress/achievements.ts';
import { addDays, dayIn, isDay, monthStart, weekStart } from '#common/progress/days.ts';
import {
  dayCounts,
  MAX_VERSE_NUMBER,
  MOVED_HISTORY_DAYS,
  MINUTES_PER_DAY_MAX,
  MINUTES_PER_REPORT_MAX,
  versesToComplete,
  type DayActivity,
} from '#common/progress/rules.ts';
import { streakOf } from '#common/progress/streak.ts';
import { STORAGE_KEYS, storage } from '../../../lib/storage.ts';
import { guestHighlights } from '../../study/store/guest-highlights.ts';
import { guestNotes } from '../../study/store/guest-notes.ts';
import { guestShares } from '../../pictures/store/guest-shares.ts';
import type { ChapterProgress } from '../chapter-progress.ts';
import { takePendingMinutes } from './pending-minutes.ts';

/** One chapter a guest has read in, by the reader's book name. */
interface GuestChapter {
  book: string;
  chapter: number;
  totalVerses: number;
  viewed: number[];
  /** The day it was first completed (what coverage and achievements count), and the last day it was. */
  firstDone: string | null;
  lastDone: string | null;
  lastRead: string;
}

interface GuestProgress {
  chapters: GuestChapter[];
  days: Record<string, DayActivity>;
  /** Achievements once earned stay earned, even when the highlight behind one is deleted. */
  earned: Record<string, string>;
}

// The import takes at most 2,000 of each; the Bible has 1,189 chapters, so only odd data reaches the bound.
const MAX_CHAPTERS = 2_000;
const MAX_DAYS = 2_000;
const MAX_DAY_COUNT = 10_000;
const CALENDAR_WEEKS = 53;

const CANON_BY_NAME = new Map(PROTESTANT_CANON.map((b) => [b.name, b]));
const ACTIVITY_FIELDS = ['chaptersRead', 'minutesSpent', 'versesHighlighted', 'notesCreated', 'questionsAsked'] as const;

const emptyDay = (): DayActivity => ({ chaptersRead: 0, minutesSpent: 0, versesHighlighted: 0, notesCreated: 0, questionsAsked: 0 });
const count = (value: unknown, max: number) => (typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.min(Math.floor(value), max) : 0);
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const dayOrNull = (value: unknown) => (typeof value === 'string' && isDay(value) ? value : null);

function browserZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/** Today in this browser's time zone: a guest's study day is the one on their own clock. */
export function guestToday(): string {
  return dayIn(new Date(), browserZone());
}

function localDay(instant: string): string | null {
  const ms = Date.parse(instant);
  return Number.isNaN(ms) ? null : dayIn(new Date(ms), browserZone());
}

// Storage can hold anything (another version, a hand edit): every field is checked as it is read.
function readChapter(value: unknown): GuestChapter | null {
  if (!isObject(value) || typeof value.book !== 'string' || !value.book || typeof value.chapter !== 'number' || !Number.isInteger(value.chapter)) return null;
  const lastRead = dayOrNull(value.lastRead);
  if (!lastRead || value.chapter < 1 || value.chapter > 200) return null;
  const viewed = Array.isArray(value.viewed) ? value.viewed.filter((v): v is number => Number.isInteger(v) && v >= 1 && v <= MAX_VERSE_NUMBER) : [];
  const totalVerses = count(value.totalVerses, MAX_VERSE_NUMBER);
  if (totalVerses < 1) return null;
  return {
    book: value.book,
    chapter: value.chapter,
    totalVerses,
    viewed,
    firstDone: dayOrNull(value.firstDone),
    lastDone: dayOrNull(value.lastDone),
    lastRead,
  };
}

function read(): GuestProgress {
  const progress: GuestProgress = { chapters: [], days: {}, earned: {} };
  let value: unknown;
  try {
    value = JSON.parse(storage.get(STORAGE_KEYS.guestProgress) ?? '{}');
  } catch {
    return progress;
  }
  if (!isObject(value)) return progress;
  if (Array.isArray(value.chapters)) progress.chapters = value.chapters.map(readChapter).filter((c) => c !== null);
  if (isObject(value.days)) {
    for (const [day, d] of Object.entries(value.days)) {
      if (!isDay(day) || !isObject(d)) continue;
      const activity = emptyDay();
      for (const field of ACTIVITY_FIELDS) activity[field] = count(d[field], field === 'minutesSpent' ? MINUTES_PER_DAY_MAX : MAX_DAY_COUNT);
      progress.days[day] = activity;
    }
  }
  if (isObject(value.earned)) {
    for (const [id, day] of Object.entries(value.earned)) if (dayOrNull(day)) progress.earned[id] = day as string;
  }
  // Minutes noted while this code had not loaded (a page closed early) join their days now.
  const noted = Object.entries(takePendingMinutes()).filter(([day]) => isDay(day));
  if (noted.length > 0) {
    for (const [day, minutes] of noted) {
      const d = (progress.days[day] ??= emptyDay());
      d.minutesSpent = Math.min(MINUTES_PER_DAY_MAX, d.minutesSpent + Math.min(minutes, MINUTES_PER_DAY_MAX));
    }
    write(progress);
  }
  return progress;
}

function write(progress: GuestProgress): void {
  let chapters = progress.chapters;
  if (chapters.length > MAX_CHAPTERS) chapters = [...chapters].sort((a, b) => b.lastRead.localeCompare(a.lastRead)).slice(0, MAX_CHAPTERS);
  let days = progress.days;
  const dayNames = Object.keys(days);
  if (dayNames.length > MAX_DAYS) {
    const kept = dayNames.sort().slice(-MAX_DAYS);
    days = Object.fromEntries(kept.map((d) => [d, progress.days[d]!]));
  }
  if (chapters.length === 0 && Object.keys(days).length === 0 && Object.keys(progress.earned).length === 0) storage.remove(STORAGE_KEYS.guestProgress);
  else storage.set(STORAGE_KEYS.guestProgress, JSON.stringify({ chapters, days, earned: progress.earned }));
}

function dayOf(progress: GuestProgress, day: string): DayActivity {
  return (progress.days[day] ??= emptyDay());
}

const hasActivity = (d: DayActivity) => ACTIVITY_FIELDS.some((field) => d[field] > 0);

function countingDays(progress: GuestProgress): string[] {
  return Object.entries(progress.days)
    .filter(([, d]) => dayCounts(d))
    .map(([day]) => day);
}

/**
 * A guest's progress report, kept in the browser. Verses seen add up across visits; a chapter is
 * completed the first time they reach 80 %, and a chapter read to the end again on a later day counts
 * as read that day too (it keeps a streak going), but only once a day.
 */
export function recordGuestChapterProgress(progress: ChapterProgress, day: string = guestToday()): { completed: boolean; newlyCompleted: boolean } {
  const store = read();
  let entry = store.chapters.find((c) => c.book === progress.book && c.chapter === progress.chapter);
  if (!entry) {
    entry = { book: progress.book, chapter: progress.chapter, totalVerses: progress.totalVerses, viewed: [], firstDone: null, lastDone: null, lastRead: day };
    store.chapters.push(entry);
  }
  const viewed = new Set(entry.viewed);
  for (const v of progress.versesViewed) if (Number.isInteger(v) && v >= 1 && v <= MAX_VERSE_NUMBER) viewed.add(v);
  entry.viewed = [...viewed].sort((a, b) => a - b);
  entry.totalVerses = Math.min(Math.max(1, progress.totalVerses), MAX_VERSE_NUMBER);
  entry.lastRead = day;
  const completed = progress.completed || entry.viewed.length >= versesToComplete(entry.totalVerses);
  let newlyCompleted = false;
  if (completed && (!entry.firstDone || (progress.completed && entry.lastDone !== day))) {
    entry.firstDone ??= day;
    entry.lastDone = day;
    dayOf(store, day).chaptersRead += 1;
    newlyCompleted = true;
  }
  write(store);
  return { completed, newlyCompleted };
}

/** A guest's minutes and study actions, added to today (bounded as the server bounds an account's). */
export function recordGuestActivity(report: { minutesSpent?: number; versesHighlighted?: number; notesCreated?: number; questionsAsked?: number }): void {
  const store = read();
  const today = dayOf(store, guestToday());
  today.minutesSpent = Math.min(MINUTES_PER_DAY_MAX, today.minutesSpent + count(report.minutesSpent, MINUTES_PER_REPORT_MAX));
  today.versesHighlighted = Math.min(MAX_DAY_COUNT, today.versesHighlighted + count(report.versesHighlighted, MAX_DAY_COUNT));
  today.notesCreated = Math.min(MAX_DAY_COUNT, today.notesCreated + count(report.notesCreated, MAX_DAY_COUNT));
  today.questionsAsked = Math.min(MAX_DAY_COUNT, today.questionsAsked + count(report.questionsAsked, MAX_DAY_COUNT));
  if (!hasActivity(today)) return;
  write(store);
}

export function guestStudyStreak(today: string): StudyStreak {
  const streak = streakOf(countingDays(read()), today);
  return { currentStreak: streak.currentStreak, longestStreak: streak.longestStreak, todayCounts: streak.todayCounts, today };
}

function completedChapters(progress: GuestProgress, book: string, chapters: number): number[] {
  const done = new Set(progress.chapters.filter((c) => c.book === book && c.firstDone && c.chapter <= chapters).map((c) => c.chapter));
  return [...done].sort((a, b) => a - b);
}

export function guestStudyStats(today: string): StudyStats {
  const progress = read();
  const days = Object.entries(progress.days)
    .filter(([day]) => day <= today)
    .sort(([a], [b]) => a.localeCompare(b));
  const totals = (from: string): StudyTotals => {
    const within = days.filter(([day]) => day >= from);
    return {
      chapters: within.reduce((sum, [, d]) => sum + d.chaptersRead, 0),
      minutes: within.reduce((sum, [, d]) => sum + d.minutesSpent, 0),
      days: within.filter(([, d]) => dayCounts(d)).length,
    };
  };
  const calendarFrom = addDays(weekStart(today), -7 * (CALENDAR_WEEKS - 1));
  return {
    streak: guestStudyStreak(today),
    calendar: days
      .filter(([day, d]) => day >= calendarFrom && hasActivity(d))
      .map(([day, d]) => ({ day, chapters: d.chaptersRead, minutes: d.minutesSpent, counts: dayCounts(d) })),
    week: totals(weekStart(today)),
    month: totals(monthStart(today)),
    allTime: totals(''),
    coverage: PROTESTANT_CANON.map((b) => ({
      book: b.name,
      testament: b.testament === 'NT' ? 'NT' : 'OT',
      chapters: b.chapters,
      completed: completedChapters(progress, b.name, b.chapters).length,
    })),
  };
}

export function guestBookCoverage(book: string): BookCoverage {
  const progress = read();
  const chapters = CANON_BY_NAME.get(book)?.chapters ?? Math.max(0, ...progress.chapters.filter((c) => c.book === book).map((c) => c.chapter));
  return { book, chapters, completed: completedChapters(progress, book, chapters) };
}

function earliest(days: Iterable<string | null>): string | null {
  let first: string | null = null;
  for (const day of days) if (day && (!first || day < first)) first = day;
  return first;
}

/** The facts achievements are read from: the store, plus what the guest highlighted, wrote and shared here. */
function guestFacts(progress: GuestProgress, plansFinished: readonly string[]): ProgressFacts {
  const chapters: ProgressFacts['chapters'][number][] = [];
  for (const c of progress.chapters) {
    const book = CANON_BY_NAME.get(c.book);
    if (book && c.firstDone) chapters.push({ book: book.order, chapter: c.chapter, day: c.firstDone });
  }
  const firstNotes: ProgressFacts['firstNotes'] = {};
  for (const note of guestNotes.read()) {
    const day = localDay(note.createdAt);
    const known = firstNotes[note.type];
    if (day && (!known || day < known)) firstNotes[note.type] = day;
  }
  const days = Object.entries(progress.days);
  return {
    chapters,
    studyDays: countingDays(progress),
    highlightDays: guestHighlights
      .read()
      .map((h) => localDay(h.createdAt))
      .filter((d) => d !== null),
    firstNotes,
    firstQuestion: earliest(days.filter(([, d]) => d.questionsAsked > 0).map(([day]) => day)),
    firstShare: earliest(guestShares.read().map((s) => localDay(s.createdAt))),
    totalMinutes: days.reduce((sum, [, d]) => sum + d.minutesSpent, 0),
    plansFinished,
  };
}

/**
 * Every achievement from this browser's study. The days the guest's plans were finished come from the
 * plans' store (passed in, so the reader's progress code does not carry the plans' code with it).
 */
export function guestAchievements(today: string, plansFinished: readonly string[] = []): UserAchievements {
  const progress = read();
  const achievements = evaluateAchievements(guestFacts(progress, plansFinished), new Map(Object.entries(progress.earned)), today);
  let changed = false;
  for (const a of achievements) {
    if (a.earnedOn && !progress.earned[a.id]) {
      progress.earned[a.id] = a.earnedOn;
      changed = true;
    }
  }
  if (changed) write(progress);
  return { achievements };
}

/** What the browser holds, in the shape POST /api/progress/import takes; null when there is nothing. */
export function guestProgressForImport(): ProgressImport | null {
  const progress = read();
  // The last year moves (the server takes no more); older history stays the browser's.
  const since = addDays(guestToday(), -MOVED_HISTORY_DAYS);
  const chapters = progress.chapters
    .filter((c) => c.viewed.length > 0 && c.book.length <= 40)
    .map((c) => ({ book: c.book, chapter: c.chapter, day: c.firstDone ?? c.lastRead, totalVerses: c.totalVerses, versesViewed: c.viewed }))
    .filter((c) => c.day >= since);
  const days = Object.entries(progress.days)
    .filter(([day, d]) => day >= since && d.minutesSpent + d.versesHighlighted + d.notesCreated + d.questionsAsked > 0)
    .map(([day, d]) => ({
      day,
      minutesSpent: Math.min(d.minutesSpent, 24 * 60),
      versesHighlighted: d.versesHighlighted,
      notesCreated: d.notesCreated,
      questionsAsked: d.questionsAsked,
    }));
  if (chapters.length === 0 && days.length === 0) return null;
  return { chapters: chapters.slice(0, MAX_CHAPTERS), days: days.slice(-MAX_DAYS) };
}

export function clearGuestProgress(): void {
  storage.remove(STORAGE_KEYS.guestProgress);
}
