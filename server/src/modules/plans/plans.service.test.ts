import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { addPerson, serviceDatabase } from '../../../test/service-database.ts';
import { StudyDays } from '../progress/study-days.ts';
import { StudyDaysRepository } from '../progress/study-days.repository.ts';
import { PlansRepository } from './plans.repository.ts';
import { PlansService } from './plans.service.ts';
import type { Viewer } from '../../access/viewer.ts';

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
    await expect(plans.act(me, 'bible-year', 'pause')).rejects.toMatchObject({ statusCode: 404 });
    await plans.leave(me, 'gospels-30');
    expect((await plans.mine(me)).plans).toEqual([]);
  });

  it('moves a guest’s plans once, keeps a plan the account already follows as it is, and refuses days that have not been', async () => {
    const me = await reader();
    setClock('2027-04-10T12:00:00Z');
    await plans.join(me, { planId: 'gospels-30' });
    const guestPlan = (planId: 'gospels-30' | 'bible-year', startedOn = '2027-04-01') => ({
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
    await expect(plans.importGuest(me, { plans: [guestPlan('bible-year', '2027-04-12')] })).rejects.toMatchObject({
      statusCode: 400,
      message: '2027-04-12 is not a day that has been.',
    });
    await expect(plans.importGuest(me, { plans: [{ ...guestPlan('bible-year'), planId: 'custom' }] })).rejects.toMatchObject({
      message: 'A custom plan needs its books.',
    });
  });
});
