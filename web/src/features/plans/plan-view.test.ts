import { describe, expect, it } from 'vitest';
import type { PlanStatus } from '#common/contracts/plans.ts';
import { behindText, customPreview, latestEndDate, percentDone, previewText, readingTitle, splitPlans, TESTAMENT_BOOKS } from './plan-view.ts';

const status = (id: PlanStatus['plan']['id'], finishedOn: string | null): PlanStatus => ({
  plan: { id, title: id, description: '', days: 30, chapters: 89, minutesPerDay: 14 },
  books: null,
  startedOn: '2026-03-01',
  pausedOn: null,
  finishedOn,
  dayNumber: 1,
  today: [],
  behind: [],
  doneCount: 0,
  total: 89,
});

describe('words for plans', () => {
  it('names readings, lengths and how far behind', () => {
    expect(readingTitle({ book: 'John', chapter: 3 })).toBe('John 3');
    expect(readingTitle({ book: 'Psalms', chapter: 23 })).toBe('Psalm 23');
    expect(behindText(1)).toBe('You are 1 reading behind');
    expect(behindText(1234)).toBe('You are 1,234 readings behind');
  });

  it('shows a started plan as at least begun and only a finished one as whole', () => {
    expect(percentDone(0, 89)).toBe(0);
    expect(percentDone(1, 1189)).toBe(0);
    expect(percentDone(45, 89)).toBe(50);
    expect(percentDone(1188, 1189)).toBe(99);
    expect(percentDone(89, 89)).toBe(100);
    expect(percentDone(3, 0)).toBe(0);
  });

  it('lists plans being read first, then the finished ones, the latest finished first', () => {
    const plans = [status('bible-year', null), status('gospels-30', '2026-02-01'), status('custom', null), status('psalms-proverbs-month', '2026-03-01')];
    const { active, finished } = splitPlans(plans);
    expect(active.map((p) => p.plan.id)).toEqual(['bible-year', 'custom']);
    expect(finished.map((p) => p.plan.id)).toEqual(['psalms-proverbs-month', 'gospels-30']);
  });

  it('has the 39 and 27 books of each testament', () => {
    expect(TESTAMENT_BOOKS.OT).toHaveLength(39);
    expect(TESTAMENT_BOOKS.NT).toHaveLength(27);
    expect(TESTAMENT_BOOKS.NT[0]).toBe('Matthew');
  });
});

describe('a plan of one’s own, before it is started', () => {
  const today = '2026-03-04';

  it('is worked out as the server will: the end day counts, days balanced by verses', () => {
    const p = customPreview(['Matthew', 'Mark', 'Luke', 'John'], '2026-04-02', today);
    expect(p).toMatchObject({ ok: true, chapters: 89, days: 30, fewerDays: false });
    if (!p.ok) throw new Error('expected a plan');
    expect(previewText(p)).toMatch(/^89 chapters in 30 days, about \d+ minutes a day$/);
  });

  it('reads a chapter a day and ends sooner when there are fewer chapters than days', () => {
    expect(customPreview(['Ruth'], '2026-04-02', today)).toMatchObject({ ok: true, chapters: 4, days: 4, fewerDays: true });
  });

  it('says what is missing or wrong', () => {
    expect(customPreview([], '2026-04-02', today)).toEqual({ ok: false, field: 'books', message: 'Choose at least one book.' });
    expect(customPreview(['Ruth'], '', today)).toEqual({ ok: false, field: 'endDate', message: 'Choose the day to finish by.' });
    expect(customPreview(['Ruth'], '2026-02-30', today)).toMatchObject({ ok: false, field: 'endDate' });
    expect(customPreview(['Ruth'], '2026-03-03', today)).toEqual({ ok: false, field: 'endDate', message: 'Choose an end date from today on.' });
    expect(customPreview(['Ruth'], today, today)).toMatchObject({ ok: true, days: 1 });
    expect(customPreview(['Ruth'], latestEndDate(today), today)).toMatchObject({ ok: true });
    expect(customPreview(['Ruth'], '2036-03-04', today)).toEqual({ ok: false, field: 'endDate', message: 'Choose an end date within ten years.' });
  });
});
