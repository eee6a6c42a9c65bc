import { describe, expect, it } from 'vitest';
import { msToNextUtcDay } from './daily-jobs.ts';

describe('the daily job at a day’s change', () => {
  it('waits until the next midnight UTC, whatever the time of day', () => {
    expect(msToNextUtcDay(Date.parse('2026-11-26T23:59:59.000Z'))).toBe(1_000);
    expect(msToNextUtcDay(Date.parse('2026-11-27T00:00:00.000Z'))).toBe(24 * 60 * 60_000);
    expect(msToNextUtcDay(Date.parse('2026-11-27T12:00:00.000Z'))).toBe(12 * 60 * 60_000);
  });
});
