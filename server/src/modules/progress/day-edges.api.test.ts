import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ActivityDay } from '#common/contracts/activity.ts';
import type { MyPlans } from '#common/contracts/plans.ts';
import { addDays, dayIn } from '#common/progress/days.ts';
import { databaseKind, startTestApp } from '../../../test/test-app.ts';
import { startInbox } from '../../../test/smtp-inbox.ts';
import { type Browser, signUpVerified } from '../../../test/accounts.ts';

// Issue 33 §1: a study day, a streak and a reading plan's day are the reader's calendar day. The clock is set to the edges of it: 23:59 and
// 00:01 in the reader's zone, where UTC is on the other side of midnight, for zones behind and ahead
// of UTC. Zones without summer time, so the offsets below hold all year.
const ZONES = { 'America/Phoenix': '-07:00', 'Asia/Tokyo': '+09:00', 'Pacific/Kiritimati': '+14:00', 'Pacific/Pago_Pago': '-11:00', UTC: 'Z' } as const;
type Zone = keyof typeof ZONES;

/** The instant that is `time` on `day` in `zone`. */
const at = (zone: Zone, day: string, time: string) => new Date(`${day}T${time}:00${ZONES[zone]}`);

let inbox: Awaited<ReturnType<typeof startInbox>>;
let app: Awaited<ReturnType<typeof startTestApp>>;
// Days just after today, so the sessions made now are still good when the clock is moved to them.
const D = addDays(dayIn(new Date(), 'UTC'), 1);
let people = 0;

async function reader(zone: Zone | null): Promise<Browser> {
  people += 1;
  const who = await signUpVerified(app, inbox, `edge${people}@example.org`, undefined, `10.33.0.${people}`);
  if (zone) expect((await who.request('POST', '/api/settings', { timeZone: zone })).statusCode).toBe(200);
  return who;
}

/** One note written at `instant`: a study action that makes the day count. */
async function studyAt(who: Browser, instant: Date) {
  vi.setSystemTime(instant);
  expect((await who.request('POST', '/api/study-activity/track', { notesCreated: 1 })).statusCode).toBe(204);
}

async function streakAt(who: Browser, instant: Date) {
  vi.setSystemTime(instant);
  return (await who.request('GET', '/api/study-streak')).json() as { currentStreak: number; longestStreak: number; todayCounts: boolean; today: string };
}

async function daysAt(who: Browser, instant: Date) {
  vi.setSystemTime(instant);
  return ((await who.request('GET', '/api/study-activity/recent?days=7')).json() as ActivityDay[])
    .filter((d) => d.notesCreated > 0)
    .map((d) => [d.day, d.notesCreated])
    .sort();
}

describe(`study days at the edges of the reader's day, on ${databaseKind()}`, () => {
  beforeAll(async () => {
    inbox = await startInbox();
    app = await startTestApp({ env: { SMTP_URL: inbox.url } });
  }, 60_000);
  afterEach(() => vi.useRealTimers());
  afterAll(async () => {
    await app?.stop();
    await inbox?.stop();
  });

  // Only Date is set: timers, the database and the mail server run as ever.
  const setClock = () => vi.useFakeTimers({ toFake: ['Date'] });

  for (const zone of ['America/Phoenix', 'Asia/Tokyo'] as const) {
    it(`makes 23:59 and 00:01 in ${zone} two days in a row, though UTC has one day for both`, async () => {
      const who = await reader(zone);
      setClock();
      const late = at(zone, D, '23:59');
      const early = at(zone, addDays(D, 1), '00:01');
      expect(dayIn(late, 'UTC')).toBe(dayIn(early, 'UTC'));
      await studyAt(who, late);
      await studyAt(who, early);
      expect(await streakAt(who, early)).toMatchObject({ today: addDays(D, 1), currentStreak: 2, longestStreak: 2, todayCounts: true });
      expect(await daysAt(who, early)).toEqual([
        [D, 1],
        [addDays(D, 1), 1],
      ]);
    });
  }

  it('keeps 00:01 and 23:59 of one day in Kiritimati (UTC+14) one day, though UTC has two; a second action does not reset the streak', async () => {
    const who = await reader('Pacific/Kiritimati');
    setClock();
    const early = at('Pacific/Kiritimati', D, '00:01');
    const late = at('Pacific/Kiritimati', D, '23:59');
    expect(dayIn(early, 'UTC')).toBe(addDays(D, -1));
    await studyAt(who, early);
    expect(await streakAt(who, early)).toMatchObject({ today: D, currentStreak: 1, todayCounts: true });
    await studyAt(who, late);
    expect(await streakAt(who, late)).toMatchObject({ today: D, currentStreak: 1, longestStreak: 1, todayCounts: true });
    expect(await daysAt(who, late)).toEqual([[D, 2]]);
    // The next morning there it goes on to two, and a second note that night leaves it at two.
    const next = addDays(D, 1);
    await studyAt(who, at('Pacific/Kiritimati', next, '00:01'));
    expect(await streakAt(who, at('Pacific/Kiritimati', next, '00:02'))).toMatchObject({ today: next, currentStreak: 2, todayCounts: true });
    await studyAt(who, at('Pacific/Kiritimati', next, '23:59'));
    expect(await streakAt(who, at('Pacific/Kiritimati', next, '23:59'))).toMatchObject({ today: next, currentStreak: 2, longestStreak: 2 });
  });

  it('keeps a streak in Pago Pago (UTC−11) until 23:59 of the next day there, and ends it at 00:01 the day after', async () => {
    const who = await reader('Pacific/Pago_Pago');
    setClock();
    // Noon there is 23:00 UTC: UTC already counts the next day by 00:01 there.
    await studyAt(who, at('Pacific/Pago_Pago', D, '12:00'));
    expect(await streakAt(who, at('Pacific/Pago_Pago', addDays(D, 1), '23:59'))).toMatchObject({
      today: addDays(D, 1),
      currentStreak: 1,
      todayCounts: false,
    });
    expect(await streakAt(who, at('Pacific/Pago_Pago', addDays(D, 2), '00:01'))).toMatchObject({
      today: addDays(D, 2),
      currentStreak: 0,
      longestStreak: 1,
    });
  });

  it('moves a reading plan to its next day at 00:01 in Tokyo, and leaves it where it is at 23:59 in Phoenix', async () => {
    const tokyo = await reader('Asia/Tokyo');
    const phoenix = await reader('America/Phoenix');
    setClock();
    const plan = async (who: Browser, instant: Date) => {
      vi.setSystemTime(instant);
      const [status] = ((await who.request('GET', '/api/plans/mine')).json() as MyPlans).plans;
      return { startedOn: status!.startedOn, dayNumber: status!.dayNumber, today: status!.today.map((r) => `${r.book} ${r.chapter}`) };
    };
    // Tokyo joins at 23:59 (14:59 UTC); 00:01 there is the same UTC day, but the plan's second.
    vi.setSystemTime(at('Asia/Tokyo', D, '23:59'));
    expect((await tokyo.request('POST', '/api/plans', { planId: 'gospels-30' })).statusCode).toBe(200);
    expect(await plan(tokyo, at('Asia/Tokyo', D, '23:59'))).toMatchObject({ startedOn: D, dayNumber: 1 });
    const second = await plan(tokyo, at('Asia/Tokyo', addDays(D, 1), '00:01'));
    expect(second).toMatchObject({ startedOn: D, dayNumber: 2 });
    // Phoenix joins at 00:01 (07:01 UTC); 23:59 there is the next UTC day, but still the plan's first.
    vi.setSystemTime(at('America/Phoenix', D, '00:01'));
    expect((await phoenix.request('POST', '/api/plans', { planId: 'gospels-30' })).statusCode).toBe(200);
    const first = await plan(phoenix, at('America/Phoenix', D, '23:59'));
    expect(first).toMatchObject({ startedOn: D, dayNumber: 1 });
    expect(first.today).not.toEqual(second.today);
  });

  it('counts in UTC for a reader whose browser has sent no time zone', async () => {
    const who = await reader(null);
    setClock();
    await studyAt(who, at('UTC', D, '23:59'));
    await studyAt(who, at('UTC', addDays(D, 1), '00:01'));
    expect(await streakAt(who, at('UTC', addDays(D, 1), '00:02'))).toMatchObject({ today: addDays(D, 1), currentStreak: 2 });
  });
});
