import { describe, expect, it } from 'vitest';
import { formatDate } from './format-date.ts';

describe('formatDate', () => {
  it('writes the UTC day with the month in words', () => {
    expect(formatDate('2026-11-25T08:00:00.000Z')).toBe('25 November 2026');
    expect(formatDate('2026-01-01T23:30:00-02:00')).toBe('2 January 2026');
  });

  it('is undefined for nothing or a string that is no time', () => {
    expect(formatDate(null)).toBeUndefined();
    expect(formatDate('')).toBeUndefined();
    expect(formatDate('soon')).toBeUndefined();
  });
});
