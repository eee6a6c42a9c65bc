import { describe, expect, it } from 'vitest';
import { boardOf, boardTitle } from './rankings.ts';

describe('ranking boards', () => {
  it('asks for the streak board over all time, whatever period the address had', () => {
    expect(boardOf('streak', 'week')).toEqual({ by: 'streak', period: 'all' });
    expect(boardOf('chapters', 'month')).toEqual({ by: 'chapters', period: 'month' });
  });

  it('names each board', () => {
    expect(boardTitle('chapters', 'week')).toBe('Chapters completed, this week');
    expect(boardTitle('chapters', 'all')).toBe('Chapters completed, all time');
    expect(boardTitle('streak', 'all')).toBe('Current study streaks');
  });
});
