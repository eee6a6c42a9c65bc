import { describe, expect, it } from 'vitest';
import { coveragePercent, durationText, earnedAchievements, longDate, nextAchievements, ordinal, placeText, scoreText } from './stats-text.ts';

describe('ordinal', () => {
  it('ends 1, 2 and 3 in st, nd and rd, except eleven to thirteen of each hundred', () => {
    const cases: [number, string][] = [
      [1, '1st'],
      [2, '2nd'],
      [3, '3rd'],
      [4, '4th'],
      [11, '11th'],
      [12, '12th'],
      [13, '13th'],
      [21, '21st'],
      [22, '22nd'],
      [23, '23rd'],
      [100, '100th'],
      [101, '101st'],
      [111, '111th'],
      [112, '112th'],
      [1002, '1,002nd'],
    ];
    for (const [n, text] of cases) expect(ordinal(n)).toBe(text);
  });

  it('says the viewer’s place', () => {
    expect(placeText(12, 340)).toBe('You are 12th of 340');
    expect(placeText(1, 1)).toBe('You are 1st of 1');
    expect(placeText(3, 12_500)).toBe('You are 3rd of 12,500');
  });
});

describe('figures in words', () => {
  it('writes scores by board', () => {
    expect(scoreText('chapters', 12)).toBe('12 chapters');
    expect(scoreText('chapters', 1)).toBe('1 chapter');
    expect(scoreText('streak', 9)).toBe('9-day streak');
  });

  it('writes time spent in hours and minutes', () => {
    expect(durationText(0)).toBe('0 min');
    expect(durationText(59)).toBe('59 min');
    expect(durationText(60)).toBe('1 h');
    expect(durationText(200)).toBe('3 h 20 min');
    expect(durationText(60_000)).toBe('1,000 h');
  });

  it('writes a day as people do, whatever the zone', () => {
    expect(longDate('2026-03-12')).toBe('12 March 2026');
    expect(longDate('2025-12-31')).toBe('31 December 2025');
  });
});

describe('book coverage percent', () => {
  it('shows a started book as at least 1 % and only a finished one as 100 %', () => {
    expect(coveragePercent(0, 50)).toBe(0);
    expect(coveragePercent(1, 150)).toBe(1);
    expect(coveragePercent(149, 150)).toBe(99);
    expect(coveragePercent(150, 150)).toBe(100);
    expect(coveragePercent(25, 50)).toBe(50);
    expect(coveragePercent(1, 3)).toBe(33);
    expect(coveragePercent(0, 0)).toBe(0);
  });
});

describe('achievements in order', () => {
  const a = (id: string, earnedOn: string | null, current: number, target: number) => ({ id, earnedOn, current, target });
  const list = [
    a('first', '2026-01-02', 1, 1),
    a('week', '2026-02-01', 7, 7),
    a('month', null, 7, 30),
    a('gospel', null, 20, 28),
    a('psalms', null, 0, 150),
    a('ten', null, 5, 10),
  ];

  it('lists the earned, newest first', () => {
    expect(earnedAchievements(list).map((x) => x.id)).toEqual(['week', 'first']);
  });

  it('lists those ahead, nearest first, the smaller target first on a tie', () => {
    expect(nextAchievements([...list, a('five', null, 0, 5)]).map((x) => x.id)).toEqual(['gospel', 'ten', 'month', 'five', 'psalms']);
  });
});
