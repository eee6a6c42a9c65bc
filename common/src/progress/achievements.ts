import { PROTESTANT_CANON, type CanonBook } from '../scripture/canon.ts';
import { NOTE_TYPES, type NoteType } from '../study/rules.ts';
import { dayStreakReached, streakOf } from './streak.ts';

/**
 * What achievements are read from. Every fact carries the day it happened, so an achievement's
 * earned date is the day it was really reached, even when it is first looked at later.
 */
export interface ProgressFacts {
  /** The first day each chapter was completed (book by canon order). */
  chapters: readonly { book: number; chapter: number; day: string }[];
  /** Days that counted toward a streak. */
  studyDays: readonly string[];
  /** The day each highlight was made. */
  highlightDays: readonly string[];
  /** The first note of each kind. */
  firstNotes: Partial<Record<NoteType, string>>;
  firstQuestion: string | null;
  firstShare: string | null;
  totalMinutes: number;
  /** Reading plans finished, by the day they were. */
  plansFinished: readonly string[];
}

export type AchievementCategory = 'reading' | 'streak' | 'study' | 'sharing';

export interface AchievementStatus {
  id: string;
  title: string;
  description: string;
  category: AchievementCategory;
  /** The day it was earned, or null while it is still ahead. */
  earnedOn: string | null;
  current: number;
  target: number;
}

interface Definition {
  id: string;
  title: string;
  description: string;
  category: AchievementCategory;
  /** How far along the person is, and when the target was reached. */
  measure: (f: ProgressFacts, index: FactIndex) => { current: number; target: number; reachedOn: string | null };
}

/** Facts rearranged once per evaluation, so each definition reads them cheaply. */
interface FactIndex {
  chapterDays: Map<number, Map<number, string>>;
}

const byName = (name: string) => PROTESTANT_CANON.find((b) => b.name === name)!;
const GOSPELS = ['Matthew', 'Mark', 'Luke', 'John'].map(byName);
const TORAH = ['Genesis', 'Exodus', 'Leviticus', 'Numbers', 'Deuteronomy'].map(byName);
const OLD = PROTESTANT_CANON.filter((b) => b.testament === 'OT');
const NEW = PROTESTANT_CANON.filter((b) => b.testament === 'NT');
const NOTE_LABELS: Record<NoteType, string> = { quote: 'quote', understand: 'understanding', question: 'question', freeform: 'free-form' };

/** Chapters of these books completed, and the day the last of them was (null until all are). */
function booksMeasure(books: readonly CanonBook[], index: FactIndex) {
  let current = 0;
  let target = 0;
  let last = '';
  for (const book of books) {
    const done = index.chapterDays.get(book.order);
    target += book.chapters;
    for (let c = 1; c <= book.chapters; c++) {
      const day = done?.get(c);
      if (day) {
        current++;
        if (day > last) last = day;
      }
    }
  }
  return { current, target, reachedOn: current === target ? last : null };
}

/** The best-completed of several books (any Gospel, any book): its chapters and, when whole, its last day. */
function bestBookMeasure(books: readonly CanonBook[], index: FactIndex) {
  let best = { current: 0, target: 1, reachedOn: null as string | null, share: -1 };
  for (const book of books) {
    const m = booksMeasure([book], index);
    const share = m.current / m.target;
    const better = m.reachedOn ? !best.reachedOn || m.reachedOn < best.reachedOn : !best.reachedOn && share > best.share;
    if (better) best = { ...m, share };
  }
  return { current: best.current, target: best.target, reachedOn: best.reachedOn };
}

/** The nth fact's day, when there are n. */
function countMeasure(days: readonly string[], target: number) {
  const sorted = [...days].sort();
  return { current: Math.min(sorted.length, target), target, reachedOn: sorted.length >= target ? sorted[target - 1]! : null };
}

function once(day: string | null | undefined) {
  return { current: day ? 1 : 0, target: 1, reachedOn: day ?? null };
}

const chapterCount =
  (target: number): Definition['measure'] =>
  (f) =>
    countMeasure(
      f.chapters.map((c) => c.day),
      target,
    );
const streakLength =
  (target: number): Definition['measure'] =>
  (f) => {
    const reachedOn = dayStreakReached(f.studyDays, target);
    const longest = streakOf(f.studyDays, '9999-12-31').longestStreak;
    return { current: Math.min(longest, target), target, reachedOn };
  };

const DEFINITIONS: readonly Definition[] = [
  { id: 'first-chapter', title: 'First Chapter', description: 'Read a chapter to the end.', category: 'reading', measure: chapterCount(1) },
  { id: 'chapters-10', title: 'Ten Chapters', description: 'Complete 10 chapters.', category: 'reading', measure: chapterCount(10) },
  { id: 'chapters-100', title: 'A Hundred Chapters', description: 'Complete 100 different chapters.', category: 'reading', measure: chapterCount(100) },
  { id: 'streak-7', title: 'One Week', description: 'Study 7 days in a row.', category: 'streak', measure: streakLength(7) },
  { id: 'streak-30', title: 'One Month', description: 'Study 30 days in a row.', category: 'streak', measure: streakLength(30) },
  { id: 'streak-100', title: 'A Hundred Days', description: 'Study 100 days in a row.', category: 'streak', measure: streakLength(100) },
  { id: 'streak-365', title: 'A Whole Year', description: 'Study 365 days in a row.', category: 'streak', measure: streakLength(365) },
  {
    id: 'whole-book',
    title: 'Cover to Cover',
    description: 'Read every chapter of any book.',
    category: 'reading',
    measure: (_f, i) => bestBookMeasure(PROTESTANT_CANON, i),
  },
  { id: 'gospel', title: 'Good News', description: 'Read a whole Gospel.', category: 'reading', measure: (_f, i) => bestBookMeasure(GOSPELS, i) },
  { id: 'four-gospels', title: 'Four Witnesses', description: 'Read all four Gospels.', category: 'reading', measure: (_f, i) => booksMeasure(GOSPELS, i) },
  { id: 'psalms', title: 'Songs of Praise', description: 'Read all 150 Psalms.', category: 'reading', measure: (_f, i) => booksMeasure([byName('Psalms')], i) },
  { id: 'torah', title: 'In the Beginning', description: 'Read the five books of Moses.', category: 'reading', measure: (_f, i) => booksMeasure(TORAH, i) },
  { id: 'new-testament', title: 'New Testament', description: 'Read the whole New Testament.', category: 'reading', measure: (_f, i) => booksMeasure(NEW, i) },
  { id: 'old-testament', title: 'Old Testament', description: 'Read the whole Old Testament.', category: 'reading', measure: (_f, i) => booksMeasure(OLD, i) },
  {
    id: 'whole-bible',
    title: 'The Whole Bible',
    description: 'Read every chapter from Genesis to Revelation.',
    category: 'reading',
    measure: (_f, i) => booksMeasure(PROTESTANT_CANON, i),
  },
  {
    id: 'hours-10',
    title: 'Ten Hours in the Word',
    description: 'Spend 10 hours reading.',
    category: 'reading',
    measure: (f) => ({ current: Math.min(f.totalMinutes, 600), target: 600, reachedOn: null }),
  },
  { id: 'highlights-10', title: 'Marked Passages', description: 'Highlight 10 verses.', category: 'study', measure: (f) => countMeasure(f.highlightDays, 10) },
  {
    id: 'highlights-100',
    title: 'Well-Marked Bible',
    description: 'Highlight 100 verses.',
    category: 'study',
    measure: (f) => countMeasure(f.highlightDays, 100),
  },
  ...NOTE_TYPES.map((type): Definition => ({
    id: `note-${type}`,
    title: `First ${NOTE_LABELS[type][0]!.toUpperCase()}${NOTE_LABELS[type].slice(1)} Note`,
    description: `Write your first ${NOTE_LABELS[type]} note.`,
    category: 'study',
    measure: (f) => once(f.firstNotes[type]),
  })),
  { id: 'first-question', title: 'Seeker', description: 'Ask the Bible AI your first question.', category: 'study', measure: (f) => once(f.firstQuestion) },
  { id: 'first-share', title: 'Pass It On', description: 'Share a verse or a picture.', category: 'sharing', measure: (f) => once(f.firstShare) },
  { id: 'plan-finished', title: 'Plan Complete', description: 'Finish a reading plan.', category: 'reading', measure: (f) => countMeasure(f.plansFinished, 1) },
];

export const ACHIEVEMENT_IDS: readonly string[] = DEFINITIONS.map((d) => d.id);

/**
 * Every achievement with its progress. `earned` holds what was already earned (kept, so deleting a
 * highlight never takes an achievement away); a newly reached one is earned on the day it was reached,
 * or `today` when the facts cannot say (minutes).
 */
export function evaluateAchievements(facts: ProgressFacts, earned: ReadonlyMap<string, string>, today: string): AchievementStatus[] {
  const chapterDays = new Map<number, Map<number, string>>();
  for (const c of facts.chapters) {
    let book = chapterDays.get(c.book);
    if (!book) chapterDays.set(c.book, (book = new Map()));
    const known = book.get(c.chapter);
    if (!known || c.day < known) book.set(c.chapter, c.day);
  }
  const index = { chapterDays };
  return DEFINITIONS.map((d) => {
    const m = d.measure(facts, index);
    const kept = earned.get(d.id);
    const earnedOn = kept ?? (m.current >= m.target ? (m.reachedOn ?? today) : null);
    return {
      id: d.id,
      title: d.title,
      description: d.description,
      category: d.category,
      earnedOn,
      current: earnedOn ? m.target : m.current,
      target: m.target,
    };
  });
}
