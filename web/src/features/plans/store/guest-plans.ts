import type { JoinPlan, PlanStatus, PLANS_AT_ONCE, PlansImport } from '#common/contracts/plans.ts';
import { PROTESTANT_CANON, findBookExact } from '#common/scripture/canon.ts';
import { catchUp, chapterRead, markReading, pausePlan, planStatus, resumePlan, type Enrolment } from '#common/plans/enrolment.ts';
import { CUSTOM_PLAN_MAX_DAYS, PLAN_IDS, planSchedule, type PlanChoice, type PlanId } from '#common/plans/plans.ts';
import { daysBetween, isDay } from '#common/progress/days.ts';
import { STORAGE_KEYS, storage } from '../../../lib/storage.ts';
import { guestToday } from '../../progress/store/guest-progress.ts';

/**
 * The contract's bound, which the browser may not import as a value (it sits beside zod schemas); typed
 * as the contract's literal, so the two cannot drift apart without the type check saying so.
 */
export const GUEST_PLANS_AT_ONCE: typeof PLANS_AT_ONCE = 10;

export type PlanAction = 'pause' | 'resume' | 'catch-up';

const BOOK_NAMES = new Set(PROTESTANT_CANON.map((b) => b.name));
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const dayOrNull = (value: unknown) => (typeof value === 'string' && isDay(value) ? value : null);
const readingsIn = (choice: PlanChoice) => planSchedule(choice).reduce((n, day) => n + day.length, 0);

// Storage can hold anything (another version, a hand edit): every field is checked as it is read, and
// a custom plan's books are kept only when they are books of the canon, so a schedule can always be made.
function readChoice(value: unknown): PlanChoice | null {
  if (!isObject(value) || !PLAN_IDS.includes(value.id as PlanId)) return null;
  if (value.id !== 'custom') return { id: value.id as Exclude<PlanId, 'custom'> };
  const books = Array.isArray(value.books) ? [...new Set(value.books.filter((b): b is string => typeof b === 'string' && BOOK_NAMES.has(b)))] : [];
  const days = value.days;
  if (books.length === 0 || typeof days !== 'number' || !Number.isInteger(days) || days < 1 || days > CUSTOM_PLAN_MAX_DAYS) return null;
  return { id: 'custom', books, days };
}

function readEnrolment(value: unknown): Enrolment | null {
  if (!isObject(value)) return null;
  const choice = readChoice(value.choice);
  const startedOn = dayOrNull(value.startedOn);
  if (!choice || !startedOn) return null;
  const total = readingsIn(choice);
  const done = Array.isArray(value.done) ? value.done.filter((p): p is number => Number.isInteger(p) && p >= 0 && p < total) : [];
  return {
    choice,
    startedOn,
    pausedOn: dayOrNull(value.pausedOn),
    finishedOn: dayOrNull(value.finishedOn),
    done: [...new Set(done)].sort((a, b) => a - b),
  };
}

function read(): Enrolment[] {
  let value: unknown;
  try {
    value = JSON.parse(storage.get(STORAGE_KEYS.guestPlans) ?? '[]');
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  const plans: Enrolment[] = [];
  for (const item of value) {
    const e = readEnrolment(item);
    // One place per plan, as an account has; the first kept wins.
    if (e && !plans.some((p) => p.choice.id === e.choice.id) && plans.length < GUEST_PLANS_AT_ONCE) plans.push(e);
  }
  return plans;
}

function write(plans: readonly Enrolment[]): void {
  if (plans.length === 0) storage.remove(STORAGE_KEYS.guestPlans);
  else storage.set(STORAGE_KEYS.guestPlans, JSON.stringify(plans));
}

/** The same shape as the server's, so the page cannot tell where a plan is kept. */
function present(e: Enrolment, today: string): PlanStatus {
  return { ...planStatus(e, today), books: e.choice.id === 'custom' ? [...e.choice.books] : null };
}

// Oldest first, as the server lists an account's; sort is stable, so plans started the same day keep their order.
const byStart = (plans: readonly Enrolment[]) => [...plans].sort((a, b) => a.startedOn.localeCompare(b.startedOn));

/** The plans this browser follows, as the server would show them to an account. */
export function guestPlans(today: string = guestToday()): PlanStatus[] {
  return byStart(read()).map((e) => present(e, today));
}

function choiceFor(input: JoinPlan, today: string): PlanChoice {
  if (!PLAN_IDS.includes(input.planId)) throw new Error('There is no such reading plan.');
  if (input.planId !== 'custom') return { id: input.planId };
  if (!input.books || !input.endDate) throw new Error('A custom plan needs its books and an end date.');
  if (input.books.length === 0) throw new Error('Choose at least one book.');
  if (input.books.some((b) => !BOOK_NAMES.has(b))) throw new Error('Choose books of the Bible.');
  if (!isDay(input.endDate)) throw new Error(`${input.endDate} is not a date.`);
  const days = daysBetween(today, input.endDate) + 1;
  if (days < 1) throw new Error('Choose an end date from today on.');
  if (days > CUSTOM_PLAN_MAX_DAYS) throw new Error('Choose an end date within ten years.');
  return { id: 'custom', books: [...new Set(input.books)], days };
}

/** Starts a plan from today; starting one already followed starts it again, as on the server. */
export function joinGuestPlan(input: JoinPlan, today: string = guestToday()): PlanStatus {
  const choice = choiceFor(input, today);
  const plans = read();
  const kept = plans.filter((p) => p.choice.id !== choice.id);
  if (kept.length === plans.length && plans.length >= GUEST_PLANS_AT_ONCE) {
    throw new Error(`You can follow at most ${GUEST_PLANS_AT_ONCE} plans at once. Leave one to start another.`);
  }
  const enrolment: Enrolment = { choice, startedOn: today, pausedOn: null, finishedOn: null, done: [] };
  write([...kept, enrolment]);
  return present(enrolment, today);
}

function change(planId: PlanId, today: string, step: (e: Enrolment) => Enrolment): PlanStatus {
  const plans = read();
  const at = plans.findIndex((p) => p.choice.id === planId);
  if (at < 0) throw new Error('You are not following this plan.');
  const changed = step(plans[at]!);
  plans[at] = changed;
  write(plans);
  return present(changed, today);
}

/** Checks a reading off, or back on, by hand. */
export function markGuestReading(planId: PlanId, position: number, done: boolean, today: string = guestToday()): PlanStatus {
  return change(planId, today, (e) => {
    const changed = markReading(e, position, done, today);
    if (changed === e) throw new Error(`This plan has no reading ${position}.`);
    return changed;
  });
}

export function actOnGuestPlan(planId: PlanId, action: PlanAction, today: string = guestToday()): PlanStatus {
  const step = { pause: pausePlan, resume: resumePlan, 'catch-up': catchUp }[action];
  return change(planId, today, (e) => step(e, today));
}

export function leaveGuestPlan(planId: PlanId): void {
  const plans = read();
  const kept = plans.filter((p) => p.choice.id !== planId);
  if (kept.length === plans.length) throw new Error('You are not following this plan.');
  write(kept);
}

/**
 * A chapter a guest read to the end checks off its first unread place in each plan, as the server does
 * for an account (a paused plan waits). Returns whether any plan changed. Hook-free, so the reader's
 * tracker can call it as it records the chapter.
 */
export function guestChapterCompleted(book: string, chapter: number, today: string = guestToday()): boolean {
  // The reader names books as the canon does; an alias ("Psalm") is read as the canon's name all the same.
  const name = findBookExact(book)?.name ?? book;
  const plans = read();
  let changed = false;
  const next = plans.map((e) => {
    if (e.pausedOn) return e;
    const after = chapterRead(e, name, chapter, today);
    if (!after) return e;
    changed = true;
    return after;
  });
  if (changed) write(next);
  return changed;
}

/** What this browser holds, in the shape POST /api/plans/import takes; null when there is nothing. */
export function guestPlansForImport(): PlansImport | null {
  const plans = read();
  if (plans.length === 0) return null;
  return {
    plans: plans.map((e) => ({
      planId: e.choice.id,
      books: e.choice.id === 'custom' ? [...e.choice.books] : null,
      days: e.choice.id === 'custom' ? e.choice.days : planSchedule(e.choice).length,
      startedOn: e.startedOn,
      pausedOn: e.pausedOn,
      finishedOn: e.finishedOn,
      done: [...e.done],
    })),
  };
}

export function clearGuestPlans(): void {
  storage.remove(STORAGE_KEYS.guestPlans);
}
