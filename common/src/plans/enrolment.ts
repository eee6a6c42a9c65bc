import { addDays, daysBetween } from '../progress/days.ts';
import { planInfo, planSchedule, type PlanChoice, type PlanInfo, type Reading } from './plans.ts';

/**
 * A person's place in a plan. Readings are numbered by their position in the whole schedule (day 1's
 * first chapter is 0), so checking one off is the same wherever it is kept: the server or a guest's browser.
 */
export interface Enrolment {
  choice: PlanChoice;
  startedOn: string;
  /** The day it was paused, while it is. */
  pausedOn: string | null;
  finishedOn: string | null;
  /** Positions read. */
  done: readonly number[];
}

export interface PlanReading extends Reading {
  position: number;
  done: boolean;
}

export interface PlanStatus {
  plan: PlanInfo;
  startedOn: string;
  pausedOn: string | null;
  finishedOn: string | null;
  /** Which day of the plan today is (1-based, at most the plan's length). */
  dayNumber: number;
  today: PlanReading[];
  /** Readings of earlier days not yet read. */
  behind: PlanReading[];
  doneCount: number;
  total: number;
}

/** Where each day's readings start in the flat numbering. */
function positions(schedule: Reading[][]): number[] {
  const starts: number[] = [];
  let n = 0;
  for (const day of schedule) {
    starts.push(n);
    n += day.length;
  }
  return starts;
}

/** The plan's day for a calendar day: a paused plan stays on the day it was paused. */
export function planDayNumber(e: Enrolment, today: string): number {
  const length = planSchedule(e.choice).length;
  const on = e.pausedOn ?? today;
  return Math.min(length, Math.max(1, daysBetween(e.startedOn, on) + 1));
}

export function planStatus(e: Enrolment, today: string): PlanStatus {
  const schedule = planSchedule(e.choice);
  const starts = positions(schedule);
  const done = new Set(e.done);
  const dayNumber = planDayNumber(e, today);
  const reading = (day: number) => schedule[day]!.map((r, i): PlanReading => ({ ...r, position: starts[day]! + i, done: done.has(starts[day]! + i) }));
  const behind: PlanReading[] = [];
  for (let d = 0; d < dayNumber - 1; d++) behind.push(...reading(d).filter((r) => !r.done));
  const total = starts.at(-1)! + schedule.at(-1)!.length;
  return {
    plan: planInfo(e.choice),
    startedOn: e.startedOn,
    pausedOn: e.pausedOn,
    finishedOn: e.finishedOn,
    dayNumber,
    today: reading(dayNumber - 1),
    behind,
    doneCount: [...done].filter((p) => p >= 0 && p < total).length,
    total,
  };
}

function withDone(e: Enrolment, done: Set<number>, today: string): Enrolment {
  const schedule = planSchedule(e.choice);
  const total = schedule.reduce((s, d) => s + d.length, 0);
  const finished = done.size >= total;
  return { ...e, done: [...done].sort((a, b) => a - b), finishedOn: finished ? (e.finishedOn ?? today) : null };
}

/** A place in a plan as a browser kept it, made sound: only positions the plan has, finished only when all are read. */
export function fromBrowser(e: Enrolment, today: string): Enrolment {
  const total = planSchedule(e.choice).reduce((s, d) => s + d.length, 0);
  const done = new Set(e.done.filter((p) => Number.isInteger(p) && p >= 0 && p < total));
  return withDone({ ...e, finishedOn: done.size >= total ? e.finishedOn : null }, done, today);
}

/** Checks a reading off (or back on) by hand. */
export function markReading(e: Enrolment, position: number, isDone: boolean, today: string): Enrolment {
  const total = planSchedule(e.choice).reduce((s, d) => s + d.length, 0);
  if (!Number.isInteger(position) || position < 0 || position >= total) return e;
  const done = new Set(e.done);
  if (isDone) done.add(position);
  else done.delete(position);
  return withDone(e, done, today);
}

/**
 * A chapter read to the end checks off its first unread place in the plan (reading ahead counts); a
 * chapter the plan has twice is checked once per reading. Null when the plan has no unread place for it.
 */
export function chapterRead(e: Enrolment, book: string, chapter: number, today: string): Enrolment | null {
  if (e.finishedOn) return null;
  const schedule = planSchedule(e.choice);
  const done = new Set(e.done);
  let position = 0;
  for (const day of schedule) {
    for (const r of day) {
      if (r.book === book && r.chapter === chapter && !done.has(position)) {
        done.add(position);
        return withDone(e, done, today);
      }
      position++;
    }
  }
  return null;
}

export function pausePlan(e: Enrolment, today: string): Enrolment {
  return e.pausedOn ? e : { ...e, pausedOn: today };
}

/** Resuming moves the start on by the days paused, so the plan picks up on the day it stopped. */
export function resumePlan(e: Enrolment, today: string): Enrolment {
  if (!e.pausedOn) return e;
  return { ...e, startedOn: addDays(e.startedOn, Math.max(0, daysBetween(e.pausedOn, today))), pausedOn: null };
}

/** Catching up starts the schedule again from the first day with anything unread, as today. */
export function catchUp(e: Enrolment, today: string): Enrolment {
  const status = planStatus(e, today);
  const first = status.behind[0];
  if (!first) return e;
  const starts = positions(planSchedule(e.choice));
  const dayIndex = starts.findLastIndex((s) => s <= first.position);
  return { ...e, startedOn: addDays(e.pausedOn ?? today, -dayIndex) };
}
