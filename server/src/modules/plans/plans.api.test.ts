import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MyPlans, PlanStatus } from '#common/contracts/plans.ts';
import type { UserAchievements } from '#common/contracts/progress.ts';
import { addDays } from '#common/progress/days.ts';
import { databaseKind, startTestApp } from '../../../test/test-app.ts';
import { startInbox } from '../../../test/smtp-inbox.ts';
import { Browser, signUpVerified } from '../../../test/accounts.ts';

let inbox: Awaited<ReturnType<typeof startInbox>>;
let app: Awaited<ReturnType<typeof startTestApp>>;
const all = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describe(`reading plans on ${databaseKind()}`, () => {
  let lydia: Browser;
  let today: string;
  beforeAll(async () => {
    inbox = await startInbox();
    app = await startTestApp({ env: { SMTP_URL: inbox.url } });
    lydia = await signUpVerified(app, inbox, 'lydia@example.org');
    today = (await lydia.request('GET', '/api/study-streak')).json().today;
  }, 60_000);
  afterAll(async () => {
    await app?.stop();
    await inbox?.stop();
  });

  it('lists at least six plans computed from the canon, for anyone', async () => {
    const res = await new Browser(app).request('GET', '/api/plans');
    expect(res.statusCode).toBe(200);
    const ids = res.json().plans.map((p: { id: string }) => p.id);
    expect(ids).toEqual(['bible-year', 'bible-two-years', 'new-testament-90', 'gospels-30', 'psalms-proverbs-month']);
    // The sixth, custom, is made on joining.
  });

  it("joins a plan; completing today's chapter in the reader checks it off", async () => {
    const joined = await lydia.request('POST', '/api/plans', { planId: 'gospels-30' });
    expect(joined.statusCode, joined.body).toBe(200);
    const plan: PlanStatus = joined.json();
    expect(plan).toMatchObject({ dayNumber: 1, startedOn: today, doneCount: 0, total: 89 });
    expect(plan.today[0]).toMatchObject({ book: 'Matthew', chapter: 1, done: false });
    // Matthew 1 has 25 verses: read to the end.
    const read = await lydia.request('POST', '/api/track-chapter-progress', { book: 'Matthew', chapter: 1, totalVerses: 25, versesViewed: all(25) });
    expect(read.json()).toEqual({ completed: true, newlyCompleted: true });
    const mine: MyPlans = (await lydia.request('GET', '/api/plans/mine')).json();
    expect(mine.plans[0]!.today[0]).toMatchObject({ book: 'Matthew', chapter: 1, done: true });
    expect(mine.plans[0]!.doneCount).toBe(1);
  });

  it('checks off by hand, pauses, resumes and leaves', async () => {
    const marked = await lydia.request('PUT', '/api/plans/gospels-30/readings/1', { done: true });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json().doneCount).toBe(2);
    expect((await lydia.request('PUT', '/api/plans/gospels-30/readings/5000', { done: true })).statusCode).toBe(400);
    expect((await lydia.request('PUT', '/api/plans/gospels-30/readings/100', { done: true })).json().message).toMatch(/no reading 100/);
    const paused = (await lydia.request('POST', '/api/plans/gospels-30/pause')).json();
    expect(paused.pausedOn).toBe(today);
    expect((await lydia.request('POST', '/api/plans/gospels-30/resume')).json().pausedOn).toBeNull();
    expect((await lydia.request('POST', '/api/plans/gospels-30/explode')).statusCode).toBe(400);
    expect((await lydia.request('DELETE', '/api/plans/gospels-30')).statusCode).toBe(204);
    expect((await lydia.request('DELETE', '/api/plans/gospels-30')).statusCode).toBe(404);
    expect((await lydia.request('GET', '/api/plans/mine')).json().plans).toEqual([]);
  });

  it('makes a custom plan from chosen books and an end date, and checks its input', async () => {
    const res = await lydia.request('POST', '/api/plans', { planId: 'custom', books: ['Ruth', 'Jonah'], endDate: addDays(today, 3) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ books: ['Ruth', 'Jonah'], total: 8, plan: { days: 4 } });
    for (const [body, message] of [
      [{ planId: 'custom', books: ['Ruth'] }, /needs its books and an end date/],
      [{ planId: 'custom', books: ['Hezekiah'], endDate: addDays(today, 3) }, /Choose books of the Bible/],
      [{ planId: 'custom', books: ['Ruth'], endDate: addDays(today, -3) }, /from today on/],
      [{ planId: 'custom', books: ['Ruth'], endDate: addDays(today, 5000) }, /within ten years/],
      [{ planId: 'bible-in-a-week' }, /no such reading plan/],
    ] as const) {
      const bad = await lydia.request('POST', '/api/plans', body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
      expect(bad.json().message).toMatch(message);
    }
  });

  it('earns the plan achievement when a plan is finished', async () => {
    for (let p = 0; p < 8; p++) await lydia.request('PUT', `/api/plans/custom/readings/${p}`, { done: true });
    const mine: MyPlans = (await lydia.request('GET', '/api/plans/mine')).json();
    expect(mine.plans[0]!.finishedOn).toBe(today);
    const achievements: UserAchievements = (await lydia.request('GET', '/api/user-achievements')).json();
    expect(achievements.achievements.find((a) => a.id === 'plan-finished')?.earnedOn).toBe(today);
  });

  it('keeps plans to their owner, asks guests to sign in, and moves a guest’s plans once', async () => {
    const guest = new Browser(app, '10.7.0.1');
    expect((await guest.request('GET', '/api/plans/mine')).statusCode).toBe(401);
    expect((await guest.request('POST', '/api/plans', { planId: 'gospels-30' })).statusCode).toBe(401);
    const priscilla = await signUpVerified(app, inbox, 'priscilla@example.org', undefined, '10.7.0.2');
    expect((await priscilla.request('GET', '/api/plans/mine')).json().plans).toEqual([]);
    expect((await priscilla.request('PUT', '/api/plans/custom/readings/0', { done: false })).statusCode).toBe(404);
    const move = {
      plans: [{ planId: 'new-testament-90', books: null, days: 90, startedOn: addDays(today, -3), pausedOn: null, finishedOn: null, done: [0, 1, 2] }],
    };
    expect((await priscilla.request('POST', '/api/plans/import', move)).json()).toEqual({ plans: 1 });
    expect((await priscilla.request('POST', '/api/plans/import', move)).json()).toEqual({ plans: 0 });
    const mine: MyPlans = (await priscilla.request('GET', '/api/plans/mine')).json();
    expect(mine.plans[0]).toMatchObject({ dayNumber: 4, doneCount: 3 });
    // Places a plan does not have are dropped, and a plan is finished only when all its own are read.
    const junk = { plans: [{ planId: 'gospels-30', books: null, days: 30, startedOn: today, pausedOn: null, finishedOn: today, done: [0, 95, 150, 1999] }] };
    expect((await priscilla.request('POST', '/api/plans/import', junk)).json()).toEqual({ plans: 1 });
    const gospels = ((await priscilla.request('GET', '/api/plans/mine')).json() as MyPlans).plans.find((p) => p.plan.id === 'gospels-30')!;
    expect(gospels).toMatchObject({ doneCount: 1, finishedOn: null });
    const future = { plans: [{ ...move.plans[0], planId: 'custom', books: ['Ruth'], startedOn: addDays(today, 9) }] };
    expect((await priscilla.request('POST', '/api/plans/import', future)).statusCode).toBe(400);
  });

  it('catches up: the schedule starts again from the first day with anything unread', async () => {
    const aquila = await signUpVerified(app, inbox, 'aquila@example.org', undefined, '10.7.0.3');
    // Ruth and Jonah over eight days, a chapter a day, started five days ago: days 1 and 3 read, 2, 4 and 5 not.
    const behind = { planId: 'custom', books: ['Ruth', 'Jonah'], days: 8, startedOn: addDays(today, -5), pausedOn: null, finishedOn: null, done: [0, 2] };
    expect((await aquila.request('POST', '/api/plans/import', { plans: [behind] })).json()).toEqual({ plans: 1 });
    const before: PlanStatus = (await aquila.request('GET', '/api/plans/mine')).json().plans[0];
    expect(before).toMatchObject({ dayNumber: 6, today: [{ book: 'Jonah', chapter: 2, position: 5 }] });
    expect(before.behind.map((r) => r.position)).toEqual([1, 3, 4]);

    const caught = await aquila.request('POST', '/api/plans/custom/catch-up');
    expect(caught.statusCode, caught.body).toBe(200);
    // Day 2 (Ruth 2, the first unread) is today; nothing is behind, and what was read stays read.
    expect(caught.json()).toMatchObject({ startedOn: addDays(today, -1), dayNumber: 2, behind: [], doneCount: 2 });
    expect(caught.json().today).toEqual([{ book: 'Ruth', chapter: 2, position: 1, done: false }]);
    // Kept, not only answered; and with nothing behind, catching up again changes nothing.
    expect((await aquila.request('GET', '/api/plans/mine')).json().plans[0]).toMatchObject({ startedOn: addDays(today, -1), dayNumber: 2 });
    expect((await aquila.request('POST', '/api/plans/custom/catch-up')).json()).toMatchObject({ startedOn: addDays(today, -1), dayNumber: 2 });
  });

  it('does not check off a paused plan when the reader completes one of its chapters; an unpaused one is', async () => {
    const phoebe = await signUpVerified(app, inbox, 'phoebe@example.org', undefined, '10.7.0.4');
    // Both plans open with Matthew 1.
    for (const planId of ['gospels-30', 'new-testament-90']) expect((await phoebe.request('POST', '/api/plans', { planId })).statusCode).toBe(200);
    expect((await phoebe.request('POST', '/api/plans/gospels-30/pause')).json().pausedOn).toBe(today);
    const read = await phoebe.request('POST', '/api/track-chapter-progress', { book: 'Matthew', chapter: 1, totalVerses: 25, versesViewed: all(25) });
    expect(read.json()).toEqual({ completed: true, newlyCompleted: true });
    const byId = new Map(((await phoebe.request('GET', '/api/plans/mine')).json() as MyPlans).plans.map((p) => [p.plan.id, p]));
    expect(byId.get('gospels-30')).toMatchObject({ pausedOn: today, doneCount: 0 });
    expect(byId.get('gospels-30')!.today[0]).toMatchObject({ book: 'Matthew', chapter: 1, done: false });
    expect(byId.get('new-testament-90')).toMatchObject({ pausedOn: null, doneCount: 1 });
    expect(byId.get('new-testament-90')!.today[0]).toMatchObject({ book: 'Matthew', chapter: 1, done: true });
  });
});
