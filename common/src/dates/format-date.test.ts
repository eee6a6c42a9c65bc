import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { formatDate } from './format-date.ts';

describe('formatDate: every date the app shows', () => {
  const time = '2026-11-27T14:05:00.000Z';

  it('writes each named style', () => {
    expect(formatDate(time)).toBe('27 November 2026');
    expect(formatDate(time, 'weekday')).toBe('Friday, 27 November 2026');
    expect(formatDate(time, 'short')).toBe('27 Nov 2026');
    expect(formatDate(time, 'dayMonth')).toBe('27 Nov');
    expect(formatDate(time, 'weekdayShort')).toBe('Fri 27 Nov');
    expect(formatDate(time, 'month')).toBe('Nov');
    expect(formatDate(time, 'withTime')).toBe('27 Nov 2026, 14:05 UTC');
  });

  it('writes the UTC day whatever the offset of the time given', () => {
    expect(formatDate('2026-01-01T23:30:00-02:00')).toBe('2 January 2026');
    expect(formatDate('2026-11-27T23:59:00-10:00', 'withTime')).toBe('28 Nov 2026, 09:59 UTC');
    expect(formatDate(new Date(Date.UTC(2026, 10, 27, 0, 0)), 'withTime')).toBe('27 Nov 2026, 00:00 UTC');
    expect(formatDate(Date.UTC(2024, 1, 29), 'weekday')).toBe('Thursday, 29 February 2024');
  });

  it('reads a calendar day as that day, never the day before or after', () => {
    expect(formatDate('2026-11-25', 'weekday')).toBe('Wednesday, 25 November 2026');
    expect(formatDate('2026-01-01', 'weekday')).toBe('Thursday, 1 January 2026');
    expect(formatDate('2026-12-31')).toBe('31 December 2026');
  });

  it('is undefined for nothing, a string that is no time and a day not on the calendar', () => {
    expect(formatDate(null)).toBeUndefined();
    expect(formatDate(undefined)).toBeUndefined();
    expect(formatDate('')).toBeUndefined();
    expect(formatDate('soon')).toBeUndefined();
    expect(formatDate('2026-02-30')).toBeUndefined();
    expect(formatDate('2026-13-01')).toBeUndefined();
  });

  it('gives the same text in another time zone (the server and the browser agree)', () => {
    const before = process.env.TZ;
    process.env.TZ = 'Pacific/Kiritimati';
    try {
      expect(formatDate('2026-11-27T23:30:00Z', 'withTime')).toBe('27 Nov 2026, 23:30 UTC');
      expect(formatDate('2026-11-27')).toBe('27 November 2026');
    } finally {
      // Assigning undefined would leave the text "undefined" for the files run after this one in the worker.
      if (before === undefined) delete process.env.TZ;
      else process.env.TZ = before;
    }
  });
});

describe('one date format for the whole app', () => {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
  const sources = (dir: string): string[] =>
    readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return sources(path);
      return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
    });
  // Reading a time zone's calendar day (progress/days.ts) is not showing a date.
  const allowed = new Set([join('common', 'src', 'dates', 'format-date.ts'), join('common', 'src', 'progress', 'days.ts')]);
  const ownFormat = /toLocaleDateString|toLocaleTimeString|new Intl\.DateTimeFormat\(|Intl\.DateTimeFormat\([^)]+\)|'January', 'February'|'Jan', 'Feb'/;

  it('formats every shown date through this module (web, server and mail)', () => {
    const offenders = ['web/src', 'server/src', 'common/src']
      .flatMap(sources)
      .filter((path) => !allowed.has(path) && ownFormat.test(readFileSync(join(root, path), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
