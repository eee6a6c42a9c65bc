import { describe, expect, it } from 'vitest';
import { CALENDAR_WEEKS, calendarLayout, dayLabel, studyLevel } from './calendar.ts';

const day = (d: string, chapters = 0, minutes = 0, counts = chapters > 0 || minutes >= 5) => ({ day: d, chapters, minutes, counts });

describe('study calendar layout', () => {
  // 12 March 2026 is a Thursday.
  const layout = calendarLayout('2026-03-12', [day('2026-03-12', 2, 25), day('2025-12-25', 1, 10), day('2026-03-10', 0, 0, true)]);

  it('draws 53 weeks of seven days, Monday first, this week last and nothing after today', () => {
    expect(layout.weeks).toHaveLength(CALENDAR_WEEKS);
    expect(layout.weeks.every((w) => w.length === 7)).toBe(true);
    expect(layout.weeks[0]![0]!.day).toBe('2025-03-10');
    const last = layout.weeks[CALENDAR_WEEKS - 1]!;
    expect(last.map((c) => c?.day ?? null)).toEqual(['2026-03-09', '2026-03-10', '2026-03-11', '2026-03-12', null, null, null]);
  });

  it('puts each day in its weekday row with its level and label', () => {
    const today = layout.weeks[52]![3]!;
    expect(today).toMatchObject({ day: '2026-03-12', chapters: 2, minutes: 25, level: 2, label: '12 March 2026: 2 chapters, 25 minutes' });
    const christmas = layout.weeks.flat().find((c) => c?.day === '2025-12-25')!;
    expect(layout.weeks.findIndex((w) => w.includes(christmas))).toBe(41);
    expect(layout.weeks[41]!.indexOf(christmas)).toBe(3);
    expect(layout.weeks[52]![1]).toMatchObject({ level: 1, label: '10 March 2026: studied' });
    expect(layout.weeks[52]![0]).toMatchObject({ level: 0, label: '9 March 2026: no study' });
  });

  it('counts the study days of the year shown only', () => {
    const withOld = calendarLayout('2026-03-12', [day('2024-01-01', 3), day('2026-03-12', 1), day('2026-03-11', 0, 2)]);
    expect(withOld.studyDays).toBe(1);
    expect(layout.studyDays).toBe(3);
  });

  it('names a month over the first week whose Monday is in it', () => {
    expect(layout.months.slice(0, 3)).toEqual([
      { column: 0, label: 'Mar' },
      { column: 4, label: 'Apr' },
      { column: 8, label: 'May' },
    ]);
    expect(layout.months.at(-1)).toEqual({ column: 51, label: 'Mar' });
  });

  it('drops the first column’s month when the next one follows too closely to leave it room', () => {
    // From Monday 24 March 2025: April starts two columns later.
    const tight = calendarLayout('2026-03-26', []);
    expect(tight.weeks[0]![0]!.day).toBe('2025-03-24');
    expect(tight.months[0]).toEqual({ column: 2, label: 'Apr' });
  });

  it('lays out a week that crosses the new year in one column', () => {
    const newYear = calendarLayout('2026-01-01', []);
    expect(newYear.weeks[52]!.map((c) => c?.day ?? null)).toEqual(['2025-12-29', '2025-12-30', '2025-12-31', '2026-01-01', null, null, null]);
  });
});

describe('study level', () => {
  it('steps by chapters or minutes, whichever is more', () => {
    expect(studyLevel({ chapters: 0, minutes: 0, counts: false })).toBe(0);
    expect(studyLevel({ chapters: 0, minutes: 0, counts: true })).toBe(1);
    expect(studyLevel({ chapters: 0, minutes: 3, counts: false })).toBe(1);
    expect(studyLevel({ chapters: 0, minutes: 15, counts: true })).toBe(2);
    expect(studyLevel({ chapters: 1, minutes: 0, counts: true })).toBe(2);
    expect(studyLevel({ chapters: 3, minutes: 0, counts: true })).toBe(3);
    expect(studyLevel({ chapters: 0, minutes: 30, counts: true })).toBe(3);
    expect(studyLevel({ chapters: 5, minutes: 0, counts: true })).toBe(4);
    expect(studyLevel({ chapters: 1, minutes: 60, counts: true })).toBe(4);
  });
});

describe('day label', () => {
  it('says the date and what the day held, in the singular when one', () => {
    expect(dayLabel(day('2026-03-01', 1, 1))).toBe('1 March 2026: 1 chapter, 1 minute');
    expect(dayLabel(day('2026-03-01', 0, 40))).toBe('1 March 2026: 40 minutes');
    expect(dayLabel(day('2026-03-01', 4, 0))).toBe('1 March 2026: 4 chapters');
  });
});
