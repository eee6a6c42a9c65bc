import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { addPerson, serviceDatabase } from '../../../test/service-database.ts';
import { StudyDays } from '../progress/study-days.ts';
import { StudyDaysRepository } from '../progress/study-days.repository.ts';
import { PlansRepository } from './plans.repository.ts';
import { PlansService } from './plans.service.ts';
import type { Viewer } from '../../access/viewer.ts';
import { addDays } from '#common/progress/days.ts';
import { CUSTOM_PLAN_MAX_DAYS } from '#common/plans/plans.ts';

// The plan rules with their real repository on PGlite, the clock in the test's hands.
let database: Database;
let now: Date;
let plans: PlansService;
const setClock = (iso: string) => (now = new Date(iso));

beforeAll(async () => {
  database = await serviceDatabase();
  plans = new PlansService(new PlansRepository(database.db), new StudyDays(new StudyDaysRepository(database.db), () => now));
}, 60_000);
afterAll(() => database?.close());

async function reader(): Promise<Viewer & { userId: string }> {
  return { kind: 'user', userId: await addPerson(database), role: 'user' };
}

describe('reading plans', () => {
  it('offers the catalogue’s plans to anyone', () => {
    expect(plans.catalogue().map((p) => p.id)).toEqual(['bible-year', 'bible-two-years', 'new-testament-90', 'gospels-30', 'psalms-proverbs-month']);
  });

  it('asks a guest to sign in for every change, and keeps nothing for them', async () => {
    const guest: Viewer = { kind: 'guest' };
    await expect(plans.join(guest, { planId: 'gospels-30' })).rejects.toMatchObject({
      statusCode: 401,
      message: expect.stringMatching(/^Sign in to follow a reading plan/),
    });
    await expect(plans.mine(guest)).rejects.toMatchObject({ statusCode: 401 });
  });

  it('starts a plan on the reader’s day, checks off today’s reading when its chapter is completed, and moves to day 2 the next day', async () => {
    const me = await reader();
    setClock('2027-05-10T09:00:00Z');
    const joined = await plans.join(me, { planId: 'gospels-30' });
    expect(joined).toMatchObject({ startedOn: '2027-05-10', dayNumber: 1, doneCount: 0 });
    const first = joined.today[0]!;
    await plans.chapterCompleted(me.userId, first.book, first.chapter);
    const [after] = (await plans.mine(me)).plans;
    expect(after!.today.find((r) => r.position === first.position)?.done).toBe(true);
    expect(after!.doneCount).toBe(1);
    setClock('2027-05-11T09:00:00Z');
    expect((await plans.mine(me)).plans[0]).toMatchObject({ dayNumber: 2, behind: joined.today.slice(1).map((r) => ({ ...r, done: false })) });
  });

  it('leaves a paused plan as it is when its chapter is completed, and checks it off again once resumed', async () => {
    const me = await reader();
    setClock('2027-06-01T09:00:00Z');
    const joined = await plans.join(me, { planId: 'psalms-proverbs-month' });
    const first = joined.today[0]!;
    expect((await plans.act(me, 'psalms-proverbs-month', 'pause')).pausedOn).toBe('2027-06-01');
    await plans.chapterCompleted(me.userId, first.book, first.chapter);
    expect((await plans.mine(me)).plans[0]!.doneCount).toBe(0);
    expect((await plans.act(me, 'psalms-proverbs-month', 'resume')).pausedOn).toBeNull();
    await plans.chapterCompleted(me.userId, first.book, first.chapter);
    expect((await plans.mine(me)).plans[0]!.doneCount).toBe(1);
  });

  it('checks a custom plan’s end date: a date, from today on, within ten years', async () => {
    const me = await reader();
    setClock('2027-01-15T12:00:00Z');
    const custom = (endDate: string) => plans.join(me, { planId: 'custom', books: ['Ruth'], endDate });
    await expect(custom('2027-01-14')).rejects.toMatchObject({ statusCode: 400, message: 'Choose an end date from today on.' });
    await expect(custom('2037-01-15')).rejects.toMatchObject({ statusCode: 400, message: 'Choose an end date within ten years.' });
    await expect(custom('2027-02-30')).rejects.toMatchObject({ statusCode: 400, message: '2027-02-30 is not a date.' });
    // Ruth's four chapters over four days, ending on the day chosen.
    const ruth = await custom('2027-01-18');
    expect(ruth).toMatchObject({ books: ['Ruth'], total: 4, today: [{ book: 'Ruth', chapter: 1 }] });
  });

  it('refuses a reading the plan does not have, and a plan the reader does not follow', async () => {
    const me = await reader();
    setClock('2027-03-01T12:00:00Z');
    const joined = await plans.join(me, { planId: 'gospels-30' });
    await expect(plans.mark(me, 'gospels-30', joined.total, true)).rejects.toMatchObject({
      statusCode: 400,
      message: `This plan has no reading ${joined.total}.`,
    });
    await expect(plans.leave(me, 'bible-year')).rejects.toMatchObject({ statusCode: 404, message: 'You are not following this plan.' });
    await expect(plans.act(me, 'bible-year', 'pause')).rejects.toMatchObject({ statusCode: 404, message: 'You are not following this plan.' });
    await plans.leave(me, 'gospels-30');
    expect((await plans.mine(me)).plans).toEqual([]);
  });

  it('moves a guest’s plans once, keeps a plan the account already follows as it is, and refuses days that have not been', async () => {
    const me = await reader();
    setClock('2027-04-10T12:00:00Z');
    await plans.join(me, { planId: 'gospels-30' });
    const guestPlan = (planId: 'gospels-30' | 'bible-year' | 'new-testament-90', startedOn = '2027-04-01') => ({
      planId,
      books: null,
      days: 1,
      startedOn,
      pausedOn: null,
      finishedOn: null,
      done: [0, 1],
    });
    expect(await plans.importGuest(me, { plans: [guestPlan('gospels-30'), guestPlan('bible-year')] })).toEqual({ plans: 1 });
    expect(await plans.importGuest(me, { plans: [guestPlan('bible-year')] })).toEqual({ plans: 0 });
    const mine = (await plans.mine(me)).plans;
    expect(mine.find((p) => p.plan.id === 'gospels-30')).toMatchObject({ startedOn: '2027-04-10', doneCount: 0 });
    expect(mine.find((p) => p.plan.id === 'bible-year')).toMatchObject({ startedOn: '2027-04-01', doneCount: 2 });
    // Tomorrow may be a guest's today (a zone further east); the day after is not.
    expect(await plans.importGuest(me, { plans: [guestPlan('new-testament-90', '2027-04-11')] })).toEqual({ plans: 1 });
    await expect(plans.importGuest(me, { plans: [guestPlan('bible-year', '2027-04-12')] })).rejects.toMatchObject({
      statusCode: 400,
      message: '2027-04-12 is not a day that has been.',
    });
    await expect(plans.importGuest(me, { plans: [{ ...guestPlan('bible-year'), planId: 'custom' }] })).rejects.toMatchObject({
      message: 'A custom plan needs its books.',
    });
  });

  it('lets a custom plan end today or exactly ten years on, not a day later, and keeps its books as chosen', async () => {
    const me = await reader();
    setClock('2027-07-01T23:30:00Z');
    // One day: all of Ruth today.
    const today = await plans.join(me, { planId: 'custom', books: ['Ruth', 'Jonah'], endDate: '2027-07-01' });
    expect(today).toMatchObject({ books: ['Ruth', 'Jonah'], total: 8, dayNumber: 1 });
    expect(today.today).toHaveLength(8);
    await plans.leave(me, 'custom');
    // 3,650 days from today counted as the first: the last day allowed.
    const last = addDays('2027-07-01', CUSTOM_PLAN_MAX_DAYS - 1);
    expect((await plans.join(me, { planId: 'custom', books: ['Ruth'], endDate: last })).books).toEqual(['Ruth']);
    await plans.leave(me, 'custom');
    await expect(plans.join(me, { planId: 'custom', books: ['Ruth'], endDate: addDays(last, 1) })).rejects.toMatchObject({
      message: 'Choose an end date within ten years.',
    });
    // A plan of the catalogue says it has no books of its own choosing.
    expect((await plans.join(me, { planId: 'gospels-30' })).books).toBeNull();
  });

  it('checks a reading off and on again by hand, and counts only what is checked', async () => {
    const me = await reader();
    setClock('2027-08-02T08:00:00Z');
    await plans.join(me, { planId: 'gospels-30' });
    expect((await plans.mark(me, 'gospels-30', 3, true)).doneCount).toBe(1);
    expect((await plans.mark(me, 'gospels-30', 5, true)).doneCount).toBe(2);
    const undone = await plans.mark(me, 'gospels-30', 3, false);
    expect(undone.doneCount).toBe(1);
    expect((await plans.mine(me)).plans[0]!.doneCount).toBe(1);
    await expect(plans.mark(me, 'gospels-30', -1, true)).rejects.toMatchObject({ statusCode: 400, message: 'This plan has no reading -1.' });
  });

  it('checks off nothing for a chapter the plan does not have, and nothing for someone who follows no plan', async () => {
    const me = await reader();
    setClock('2027-09-01T08:00:00Z');
    await plans.join(me, { planId: 'gospels-30' });
    await plans.chapterCompleted(me.userId, 'Obadiah', 1);
    expect((await plans.mine(me)).plans[0]!.doneCount).toBe(0);
    const nobody = await reader();
    await plans.chapterCompleted(nobody.userId, 'Matthew', 1);
    expect((await plans.mine(nobody)).plans).toEqual([]);
  });

  it('moves a guest’s custom plan with its books and length, and refuses a pause or an end that has not been', async () => {
    const me = await reader();
    setClock('2027-10-20T12:00:00Z');
    const moved = await plans.importGuest(me, {
      plans: [{ planId: 'custom', books: ['Jonah'], days: 2, startedOn: '2027-10-19', pausedOn: null, finishedOn: null, done: [0] }],
    });
    expect(moved).toEqual({ plans: 1 });
    expect((await plans.mine(me)).plans[0]).toMatchObject({ books: ['Jonah'], total: 4, startedOn: '2027-10-19', doneCount: 1 });
    const later = { planId: 'bible-year' as const, books: null, days: 1, startedOn: '2027-10-01', done: [] };
    await expect(plans.importGuest(me, { plans: [{ ...later, pausedOn: '2027-10-22', finishedOn: null }] })).rejects.toMatchObject({
      message: '2027-10-22 is not a day that has been.',
    });
    await expect(plans.importGuest(me, { plans: [{ ...later, pausedOn: null, finishedOn: '2027-10-22' }] })).rejects.toMatchObject({
      message: '2027-10-22 is not a day that has been.',
    });
    await expect(plans.importGuest(me, { plans: [{ ...later, startedOn: 'yesterday', pausedOn: null, finishedOn: null }] })).rejects.toMatchObject({
      message: 'yesterday is not a day that has been.',
    });
    expect((await plans.mine(me)).plans).toHaveLength(1);
  });
});
