import { describe, expect, it } from 'vitest';
import { KJV_TOTAL_VERSES, PROTESTANT_CANON } from '../scripture/canon.ts';
import { balanceByVerses, planCatalogue, planFigures, planInfo, planSchedule, type Reading } from './plans.ts';

const versesOf = (r: Reading) => PROTESTANT_CANON.find((b) => b.name === r.book)!.verseCounts[r.chapter - 1]!;
const dayVerses = (day: Reading[]) => day.reduce((s, r) => s + versesOf(r), 0);
const key = (r: Reading) => `${r.book} ${r.chapter}`;

describe('reading plans computed from the canon', () => {
  it('reads the whole Bible once, in order, in 365 days of balanced length', () => {
    const year = planSchedule({ id: 'bible-year' });
    expect(year).toHaveLength(365);
    const all = year.flat();
    expect(all).toHaveLength(1189);
    expect(new Set(all.map(key)).size).toBe(1189);
    expect(all[0]).toEqual({ book: 'Genesis', chapter: 1 });
    expect(all.at(-1)).toEqual({ book: 'Revelation', chapter: 22 });
    expect(year.flat().reduce((s, r) => s + versesOf(r), 0)).toBe(KJV_TOTAL_VERSES);
    // Days stay near the mean (85 verses); only a single very long chapter (Psalm 119, 176 verses) may stand out.
    const mean = KJV_TOTAL_VERSES / 365;
    const far = year.filter((d) => Math.abs(dayVerses(d) - mean) > mean * 0.6 && !(d.length === 1 && versesOf(d[0]!) > mean));
    expect(far).toEqual([]);
  });

  it('offers at least six plans, each a real schedule', () => {
    const plans = planCatalogue();
    expect(plans.map((p) => [p.id, p.days, p.chapters])).toEqual([
      ['bible-year', 365, 1189],
      ['bible-two-years', 730, 1189],
      ['new-testament-90', 90, 260],
      ['gospels-30', 30, 89],
      ['psalms-proverbs-month', 31, 181],
    ]);
    const month = planSchedule({ id: 'psalms-proverbs-month' });
    expect(month.every((d, i) => d.at(-1)!.book === 'Proverbs' && d.at(-1)!.chapter === i + 1)).toBe(true);
    expect(planInfo({ id: 'bible-year' }).minutesPerDay).toBeGreaterThan(10);
  });

  it('builds a custom plan from chosen books and a length, never more days than chapters', () => {
    const custom = planSchedule({ id: 'custom', books: ['Romans', 'Genesis'], days: 20 });
    expect(custom).toHaveLength(20);
    expect(custom[0]![0]).toEqual({ book: 'Genesis', chapter: 1 }); // canon order, whatever the order chosen
    expect(custom.flat()).toHaveLength(66);
    expect(planSchedule({ id: 'custom', books: ['Jude'], days: 30 })).toEqual([[{ book: 'Jude', chapter: 1 }]]);
    expect(planInfo({ id: 'custom', books: ['Ruth'], days: 4 }).title).toBe('Ruth in 4 days');
    expect(planInfo({ id: 'custom', books: ['Jude'], days: 9 }).title).toBe('Jude in one day');
  });

  it('keeps at least one chapter on every day', () => {
    const chapters = [50, 1, 1, 1, 1].map((verses, i) => ({ book: 'X', chapter: i + 1, verses }));
    const days = balanceByVerses(chapters, 5);
    expect(days.map((d) => d.length)).toEqual([1, 1, 1, 1, 1]);
    expect(balanceByVerses(chapters, 2).map((d) => d.length)).toEqual([1, 4]);
  });
});

describe('planFigures', () => {
  it('writes a length and a daily time that agree with their numbers', () => {
    expect(planFigures({ days: 365, minutesPerDay: 12 })).toBe('365 days · about 12 minutes a day');
    expect(planFigures({ days: 1, minutesPerDay: 1 })).toBe('1 day · about 1 minute a day');
  });
});
