import { PROTESTANT_CANON, type CanonBook } from '../scripture/canon.ts';
import { countOf, en } from '../text/plural.ts';

/** A chapter to read on a plan's day. */
export interface Reading {
  book: string;
  chapter: number;
}

export const PLAN_IDS = ['bible-year', 'bible-two-years', 'new-testament-90', 'gospels-30', 'psalms-proverbs-month', 'custom'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

/** What a plan is made from: a fixed plan by id, or the books and length a person chose. */
export type PlanChoice = { id: Exclude<PlanId, 'custom'> } | { id: 'custom'; books: readonly string[]; days: number };

export interface PlanInfo {
  id: PlanId;
  title: string;
  description: string;
  days: number;
  chapters: number;
  /** About how long a day's reading takes, at a steady reading pace. */
  minutesPerDay: number;
}

/** The longest custom plan: ten years. */
export const CUSTOM_PLAN_MAX_DAYS = 3650;
/** Verses read aloud or silently in a minute, for the time estimates. */
const VERSES_PER_MINUTE = 4;

interface Chapter extends Reading {
  verses: number;
}

const chaptersOf = (books: readonly CanonBook[]): Chapter[] =>
  books.flatMap((b) => b.verseCounts.map((verses, i) => ({ book: b.name, chapter: i + 1, verses })));
const named = (...names: string[]) => names.map((n) => PROTESTANT_CANON.find((b) => b.name === n)!);

/**
 * Splits chapters, in order, into `days` days of about equal length by verse count: each day ends at
 * the chapter that brings it closest to its share, and every day keeps at least one.
 */
export function balanceByVerses(chapters: readonly Chapter[], days: number): Reading[][] {
  const n = Math.max(1, Math.min(days, chapters.length));
  const total = chapters.reduce((s, c) => s + c.verses, 0);
  const out: Reading[][] = [];
  let start = 0;
  let running = 0;
  for (let day = 1; day <= n; day++) {
    if (day === n) {
      out.push(chapters.slice(start).map(({ book, chapter }) => ({ book, chapter })));
      break;
    }
    // Today's share of what is left, so a day made long by one long chapter does not shorten the next.
    const target = running + (total - running) / (n - day + 1);
    // At least one chapter today, and at least one left for each day after.
    let end = start + 1;
    let sum = running + chapters[start]!.verses;
    const last = chapters.length - (n - day);
    while (end < last && Math.abs(sum + chapters[end]!.verses - target) < Math.abs(sum - target)) {
      sum += chapters[end]!.verses;
      end++;
    }
    out.push(chapters.slice(start, end).map(({ book, chapter }) => ({ book, chapter })));
    start = end;
    running = sum;
  }
  return out;
}

const WHOLE_BIBLE = () => chaptersOf(PROTESTANT_CANON);
const NEW_TESTAMENT = () => chaptersOf(PROTESTANT_CANON.filter((b) => b.testament === 'NT'));

function psalmsAndProverbs(): Reading[][] {
  const [psalms, proverbs] = named('Psalms', 'Proverbs');
  // A month of 31 days: Proverbs a chapter a day (it has 31), the Psalms shared out beside it.
  return balanceByVerses(chaptersOf([psalms!]), 31).map((day, i) => [...day, { book: proverbs!.name, chapter: i + 1 }]);
}

const FIXED: Record<Exclude<PlanId, 'custom'>, { title: string; description: string; schedule: () => Reading[][] }> = {
  'bible-year': {
    title: 'The Bible in a Year',
    description: 'Genesis to Revelation in 365 days, each day about the same length.',
    schedule: () => balanceByVerses(WHOLE_BIBLE(), 365),
  },
  'bible-two-years': {
    title: 'The Bible in Two Years',
    description: 'The whole Bible at a gentler pace: 730 days of shorter readings.',
    schedule: () => balanceByVerses(WHOLE_BIBLE(), 730),
  },
  'new-testament-90': {
    title: 'The New Testament in 90 Days',
    description: 'Matthew to Revelation in three months.',
    schedule: () => balanceByVerses(NEW_TESTAMENT(), 90),
  },
  'gospels-30': {
    title: 'The Gospels in 30 Days',
    description: 'Matthew, Mark, Luke and John in a month: the life of Jesus four times told.',
    schedule: () => balanceByVerses(chaptersOf(named('Matthew', 'Mark', 'Luke', 'John')), 30),
  },
  'psalms-proverbs-month': {
    title: 'Psalms and Proverbs in a Month',
    description: 'A chapter of Proverbs and a few Psalms each day for 31 days.',
    schedule: psalmsAndProverbs,
  },
};

const schedules = new Map<string, Reading[][]>();

/** A plan's readings, day by day (index 0 is day 1). */
export function planSchedule(choice: PlanChoice): Reading[][] {
  const key = choice.id === 'custom' ? `custom:${choice.books.join('|')}:${choice.days}` : choice.id;
  let schedule = schedules.get(key);
  if (!schedule) {
    if (choice.id === 'custom') {
      const books = PROTESTANT_CANON.filter((b) => choice.books.includes(b.name));
      schedule = balanceByVerses(chaptersOf(books), Math.min(Math.max(1, Math.floor(choice.days)), CUSTOM_PLAN_MAX_DAYS));
    } else schedule = FIXED[choice.id].schedule();
    // Fixed plans are few; custom ones are kept only while few, so hostile input cannot grow this.
    if (choice.id !== 'custom' || schedules.size < 50) schedules.set(key, schedule);
  }
  return schedule;
}

function describe(id: PlanId, title: string, description: string, schedule: Reading[][]): PlanInfo {
  const verses = schedule.flat().reduce((s, r) => s + (PROTESTANT_CANON.find((b) => b.name === r.book)!.verseCounts[r.chapter - 1] ?? 0), 0);
  return {
    id,
    title,
    description,
    days: schedule.length,
    chapters: schedule.reduce((s, d) => s + d.length, 0),
    minutesPerDay: Math.max(1, Math.round(verses / schedule.length / VERSES_PER_MINUTE)),
  };
}

/**
 * "89 days · about 11 minutes a day": a plan's length and daily time, in the same words wherever a
 * plan is described (its card, the personalization result and the reason given for it).
 */
export function planFigures(info: Pick<PlanInfo, 'days' | 'minutesPerDay'>): string {
  return `${countOf(info.days, en('day'))} · about ${countOf(info.minutesPerDay, en('minute'))} a day`;
}

/** The plans on offer, described from their schedules. */
export function planCatalogue(): PlanInfo[] {
  return (Object.keys(FIXED) as Exclude<PlanId, 'custom'>[]).map((id) => describe(id, FIXED[id].title, FIXED[id].description, planSchedule({ id })));
}

export function planInfo(choice: PlanChoice): PlanInfo {
  if (choice.id !== 'custom') return describe(choice.id, FIXED[choice.id].title, FIXED[choice.id].description, planSchedule(choice));
  const schedule = planSchedule(choice);
  const books = PROTESTANT_CANON.filter((b) => choice.books.includes(b.name)).map((b) => b.name);
  const days = schedule.length === 1 ? 'one day' : `${schedule.length} days`;
  const title = books.length === 1 ? `${books[0]} in ${days}` : `My plan: ${books.length} books in ${days}`;
  return describe('custom', title, books.join(', '), schedule);
}
