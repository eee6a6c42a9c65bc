import { describe, expect, it } from 'vitest';
import { addDays } from '../progress/days.ts';
import { catchUp, chapterRead, fromBrowser, markReading, pausePlan, planStatus, resumePlan, type Enrolment } from './enrolment.ts';

const start = '2026-11-01';
const gospels: Enrolment = { choice: { id: 'gospels-30' }, startedOn: start, pausedOn: null, finishedOn: null, done: [] };

describe('following a plan', () => {
  it("shows today's readings by the day of the plan, and what is behind", () => {
    const first = planStatus(gospels, start);
    expect(first.dayNumber).toBe(1);
    expect(first.today[0]).toMatchObject({ book: 'Matthew', chapter: 1, position: 0, done: false });
    expect(first.behind).toEqual([]);
    const third = planStatus(gospels, addDays(start, 2));
    expect(third.dayNumber).toBe(3);
    expect(third.behind.length).toBe(first.today.length + planStatus(gospels, addDays(start, 1)).today.length);
    expect(planStatus(gospels, addDays(start, 400)).dayNumber).toBe(30);
  });

  it('checks off the first unread place of a chapter read to the end, once', () => {
    const read = chapterRead(gospels, 'Matthew', 1, start)!;
    expect(read.done).toEqual([0]);
    expect(chapterRead(read, 'Matthew', 1, start)).toBeNull();
    expect(chapterRead(gospels, 'Genesis', 1, start)).toBeNull();
    expect(planStatus(read, start).today[0]!.done).toBe(true);
  });

  it('checks by hand, and finishes when everything is read', () => {
    let e = markReading(gospels, 3, true, start);
    expect(e.done).toEqual([3]);
    e = markReading(e, 3, false, start);
    expect(e.done).toEqual([]);
    expect(markReading(e, 9999, true, start)).toBe(e);
    for (let p = 0; p < 89; p++) e = markReading(e, p, true, addDays(start, 29));
    expect(e.finishedOn).toBe(addDays(start, 29));
    expect(planStatus(e, addDays(start, 29))).toMatchObject({ doneCount: 89, total: 89 });
  });

  it('pauses on a day and resumes there; catching up starts again from the first unread day', () => {
    const paused = pausePlan(gospels, addDays(start, 4)); // day 5
    expect(planStatus(paused, addDays(start, 10)).dayNumber).toBe(5);
    const resumed = resumePlan(paused, addDays(start, 10));
    expect(resumed.startedOn).toBe(addDays(start, 6));
    expect(planStatus(resumed, addDays(start, 10)).dayNumber).toBe(5);

    const behind = markReading(gospels, 0, true, start);
    const caught = catchUp(behind, addDays(start, 5));
    const status = planStatus(caught, addDays(start, 5));
    expect(status.dayNumber).toBe(1); // day 1 still has unread chapters
    expect(status.behind).toEqual([]);
    expect(status.today[0]!.done).toBe(true);
  });

  it('makes a plan kept by a browser sound: only its own places, finished only when all are read', () => {
    const junk = fromBrowser({ ...gospels, done: [0, 1, 89, 500, -1, 2.5], finishedOn: start }, start);
    expect(junk.done).toEqual([0, 1]);
    expect(junk.finishedOn).toBeNull();
    const all = fromBrowser({ ...gospels, done: Array.from({ length: 89 }, (_, i) => i), finishedOn: '2026-11-20' }, start);
    expect(all.finishedOn).toBe('2026-11-20');
  });
});
