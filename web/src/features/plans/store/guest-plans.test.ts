import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { planSchedule } from '#common/plans/plans.ts';
import { STORAGE_KEYS } from '../../../lib/storage.ts';
import {
  actOnGuestPlan,
  clearGuestPlans,
  GUEST_PLANS_AT_ONCE,
  guestChapterCompleted,
  guestPlans,
  guestPlansForImport,
  joinGuestPlan,
  leaveGuestPlan,
  markGuestReading,
} from './guest-plans.ts';

const store = new Map<string, string>();
const fakeStorage = {
  getItem: (k: string) => store.get(k) ?? null,
  setItem: (k: string, v: string) => void store.set(k, v),
  removeItem: (k: string) => void store.delete(k),
};

const onDay = (day: string) => vi.setSystemTime(new Date(`${day}T12:00:00Z`));
const only = () => {
  const plans = guestPlans();
  expect(plans).toHaveLength(1);
  return plans[0]!;
};

beforeEach(() => {
  store.clear();
  vi.stubGlobal('localStorage', fakeStorage);
  vi.useFakeTimers({ toFake: ['Date'] });
  onDay('2026-03-04');
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("a guest's plans", () => {
  it('starts a fixed plan today, in the shape the server answers with, kept across reads', () => {
    const started = joinGuestPlan({ planId: 'gospels-30' });
    expect(started).toMatchObject({ startedOn: '2026-03-04', pausedOn: null, finishedOn: null, dayNumber: 1, books: null, doneCount: 0, behind: [] });
    expect(started.plan).toMatchObject({ id: 'gospels-30', days: 30, chapters: 89 });
    expect(started.today.map((r) => [r.book, r.chapter, r.position, r.done])[0]).toEqual(['Matthew', 1, 0, false]);
    expect(guestPlans()).toEqual([started]);
    expect(JSON.parse(store.get(STORAGE_KEYS.guestPlans)!)).toHaveLength(1);
  });

  it('makes a custom plan from its books and end date, the end day counting', () => {
    const plan = joinGuestPlan({ planId: 'custom', books: ['Ruth', 'Jonah'], endDate: '2026-03-06' });
    expect(plan.plan.days).toBe(3);
    expect(plan.total).toBe(8);
    expect(plan.books).toEqual(['Ruth', 'Jonah']);
  });

  it('refuses what the server refuses, in plain words', () => {
    expect(() => joinGuestPlan({ planId: 'custom', books: ['Ruth'] })).toThrow('A custom plan needs its books and an end date.');
    expect(() => joinGuestPlan({ planId: 'custom', books: ['Ruth'], endDate: '2026-03-03' })).toThrow('Choose an end date from today on.');
    expect(() => joinGuestPlan({ planId: 'custom', books: ['Ruth'], endDate: '2040-01-01' })).toThrow('Choose an end date within ten years.');
    expect(() => joinGuestPlan({ planId: 'custom', books: ['Hezekiah'], endDate: '2026-04-01' })).toThrow('Choose books of the Bible.');
    expect(() => joinGuestPlan({ planId: 'nope' as 'custom' })).toThrow('There is no such reading plan.');
    expect(() => markGuestReading('bible-year', 0, true)).toThrow('You are not following this plan.');
    expect(guestPlans()).toEqual([]);
  });

  it('keeps one place per plan: starting one already followed starts it again', () => {
    const fixed = ['bible-year', 'bible-two-years', 'new-testament-90', 'gospels-30', 'psalms-proverbs-month'] as const;
    for (const planId of fixed) joinGuestPlan({ planId });
    joinGuestPlan({ planId: 'custom', books: ['Ruth'], endDate: '2026-03-07' });
    // Stored by hand beyond the bound (another version, a hand edit): reading keeps the first ones.
    const kept = JSON.parse(store.get(STORAGE_KEYS.guestPlans)!) as unknown[];
    store.set(STORAGE_KEYS.guestPlans, JSON.stringify([...kept, ...kept, ...Array(20).fill(kept[0])]));
    expect(guestPlans()).toHaveLength(6);
    expect(GUEST_PLANS_AT_ONCE).toBe(10);

    markGuestReading('gospels-30', 0, true);
    onDay('2026-03-10');
    const again = joinGuestPlan({ planId: 'gospels-30' });
    expect(again).toMatchObject({ startedOn: '2026-03-10', doneCount: 0 });
    expect(guestPlans()).toHaveLength(6);
  });

  it('checks readings off by hand, finishes the plan with the last, and unfinishes it when one is unchecked', () => {
    joinGuestPlan({ planId: 'custom', books: ['Jude', 'Obadiah'], endDate: '2026-03-05' });
    expect(markGuestReading('custom', 0, true)).toMatchObject({ doneCount: 1, finishedOn: null });
    onDay('2026-03-05');
    expect(markGuestReading('custom', 1, true)).toMatchObject({ doneCount: 2, finishedOn: '2026-03-05' });
    expect(markGuestReading('custom', 1, false)).toMatchObject({ doneCount: 1, finishedOn: null });
    expect(() => markGuestReading('custom', 2, true)).toThrow('This plan has no reading 2.');
  });

  it('shows readings missed on earlier days, and catching up starts the schedule again from the first unread day', () => {
    joinGuestPlan({ planId: 'gospels-30' });
    const day1 = only().today.map((r) => r.position);
    for (const p of day1) markGuestReading('gospels-30', p, true);
    onDay('2026-03-07'); // day 4: days 2 and 3 unread
    const behind = only();
    expect(behind.dayNumber).toBe(4);
    expect(behind.behind.length).toBeGreaterThan(0);
    expect(behind.behind[0]!.position).toBe(day1.at(-1)! + 1);

    const caughtUp = actOnGuestPlan('gospels-30', 'catch-up');
    expect(caughtUp).toMatchObject({ dayNumber: 2, behind: [], startedOn: '2026-03-06' });
    expect(only()).toEqual(caughtUp);
  });

  it('pauses on a day and resumes there, the days paused added to the end', () => {
    joinGuestPlan({ planId: 'gospels-30' });
    onDay('2026-03-05');
    expect(actOnGuestPlan('gospels-30', 'pause')).toMatchObject({ pausedOn: '2026-03-05', dayNumber: 2 });
    onDay('2026-03-15');
    expect(only().dayNumber).toBe(2);
    expect(actOnGuestPlan('gospels-30', 'resume')).toMatchObject({ pausedOn: null, dayNumber: 2, startedOn: '2026-03-14' });
  });

  it('leaves a plan, and the key goes when the last one is left', () => {
    joinGuestPlan({ planId: 'gospels-30' });
    joinGuestPlan({ planId: 'bible-year' });
    leaveGuestPlan('gospels-30');
    expect(guestPlans().map((p) => p.plan.id)).toEqual(['bible-year']);
    expect(() => leaveGuestPlan('gospels-30')).toThrow('You are not following this plan.');
    leaveGuestPlan('bible-year');
    expect(store.has(STORAGE_KEYS.guestPlans)).toBe(false);
  });
});

describe('chapters read in the reader', () => {
  it('check off their first unread place in every plan that has them, reading ahead included, but not in a paused plan', () => {
    joinGuestPlan({ planId: 'gospels-30' });
    joinGuestPlan({ planId: 'new-testament-90' });
    joinGuestPlan({ planId: 'custom', books: ['John'], endDate: '2026-03-24' });
    actOnGuestPlan('custom', 'pause');

    expect(guestChapterCompleted('John', 3)).toBe(true);
    const [gospels, nt, custom] = guestPlans();
    const positionOf = (id: 'gospels-30' | 'new-testament-90') =>
      planSchedule({ id })
        .flat()
        .findIndex((r) => r.book === 'John' && r.chapter === 3);
    expect(gospels!.doneCount).toBe(1);
    expect(nt!.doneCount).toBe(1);
    expect(custom!.doneCount).toBe(0);
    expect(JSON.parse(store.get(STORAGE_KEYS.guestPlans)!).map((e: { done: number[] }) => e.done)).toEqual([
      [positionOf('gospels-30')],
      [positionOf('new-testament-90')],
      [],
    ]);
  });

  it("know the canon's names however they are written, and change nothing when no plan has the chapter", () => {
    joinGuestPlan({ planId: 'psalms-proverbs-month' });
    expect(guestChapterCompleted('psalms', 23)).toBe(true);
    expect(only().doneCount).toBe(1);
    expect(guestChapterCompleted('Genesis', 1)).toBe(false);
    // Each reading of a chapter the plan has once checks it once.
    expect(guestChapterCompleted('Psalms', 23)).toBe(false);
  });

  it('leave a finished plan as it is', () => {
    joinGuestPlan({ planId: 'custom', books: ['Jude'], endDate: '2026-03-04' });
    expect(guestChapterCompleted('Jude', 1)).toBe(true);
    expect(only().finishedOn).toBe('2026-03-04');
    markGuestReading('custom', 0, true);
    expect(guestChapterCompleted('Jude', 1)).toBe(false);
  });
});

describe('storage', () => {
  it('reads odd or foreign values as no plans, and drops what cannot be a plan', () => {
    store.set(STORAGE_KEYS.guestPlans, '{not json');
    expect(guestPlans()).toEqual([]);
    store.set(STORAGE_KEYS.guestPlans, JSON.stringify({ plans: [] }));
    expect(guestPlans()).toEqual([]);
    store.set(
      STORAGE_KEYS.guestPlans,
      JSON.stringify([
        null,
        { choice: { id: 'bible-decade' }, startedOn: '2026-03-01', done: [] },
        { choice: { id: 'custom', books: ['Hezekiah'], days: 3 }, startedOn: '2026-03-01', done: [] },
        { choice: { id: 'custom', books: ['Ruth'], days: 0 }, startedOn: '2026-03-01', done: [] },
        { choice: { id: 'gospels-30' }, startedOn: 'yesterday', done: [] },
        { choice: { id: 'gospels-30' }, startedOn: '2026-03-01', pausedOn: 'soon', finishedOn: 5, done: [3, 3, 1, -1, 1.5, 'x', 89, 88] },
      ]),
    );
    const [plan] = guestPlans();
    expect(guestPlans()).toHaveLength(1);
    expect(plan).toMatchObject({ startedOn: '2026-03-01', pausedOn: null, finishedOn: null, doneCount: 3 });
  });

  it('gives the server the plans to import, then clears them', () => {
    joinGuestPlan({ planId: 'gospels-30' });
    markGuestReading('gospels-30', 2, true);
    joinGuestPlan({ planId: 'custom', books: ['Ruth', 'Esther'], endDate: '2026-03-13' });
    actOnGuestPlan('custom', 'pause');
    expect(guestPlansForImport()).toEqual({
      plans: [
        { planId: 'gospels-30', books: null, days: 30, startedOn: '2026-03-04', pausedOn: null, finishedOn: null, done: [2] },
        { planId: 'custom', books: ['Ruth', 'Esther'], days: 10, startedOn: '2026-03-04', pausedOn: '2026-03-04', finishedOn: null, done: [] },
      ],
    });
    clearGuestPlans();
    expect(guestPlansForImport()).toBeNull();
  });
});
