import { isDay } from '../progress/days.ts';

/**
 * Every date Selah shows, in a few named styles (27 November 2026 as the example):
 * - `day`: "27 November 2026" — lessons, news, plans, stats, pictures, the newsletter;
 * - `weekday`: "Friday, 27 November 2026" — a day's prayer;
 * - `short`: "27 Nov 2026" — lists (notes, highlights, shared verses, accounts);
 * - `dayMonth`: "27 Nov" and `weekdayShort`: "Fri 27 Nov" — compact lists of recent days;
 * - `month`: "Nov" — calendar columns;
 * - `withTime`: "27 Nov 2026, 14:05 UTC" — the admin panel's events.
 *
 * The time zone is always UTC: a page is rendered on the server and then hydrated in the browser, and
 * the two must write the same text, which a reader's own zone would break (and Selah's days — the daily
 * prayer, the verse of the day — are UTC days). A calendar day ("2026-11-27") is read as noon UTC.
 * The time is put together from its parts, so no runtime's joining words or spaces can differ.
 */
export type DateStyle = 'day' | 'weekday' | 'short' | 'dayMonth' | 'weekdayShort' | 'month' | 'withTime';

/** The app's language for dates (its words are English; day before month). */
export const DATE_LOCALE = 'en-GB';

const OPTIONS: Record<Exclude<DateStyle, 'withTime'> | 'time', Intl.DateTimeFormatOptions> = {
  day: { day: 'numeric', month: 'long', year: 'numeric' },
  weekday: { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' },
  short: { day: 'numeric', month: 'short', year: 'numeric' },
  dayMonth: { day: 'numeric', month: 'short' },
  weekdayShort: { weekday: 'short', day: 'numeric', month: 'short' },
  month: { month: 'short' },
  time: { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
};

const formatters = new Map<string, Intl.DateTimeFormat>();

/** One formatter per locale and style, made once. */
function formatter(locale: string, style: keyof typeof OPTIONS): Intl.DateTimeFormat {
  const key = `${locale}|${style}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(locale, { ...OPTIONS[style], timeZone: 'UTC' });
    formatters.set(key, found);
  }
  return found;
}

function toTime(value: Date | string | number): Date | undefined {
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return isDay(value) ? new Date(`${value}T12:00:00Z`) : undefined;
  const time = value instanceof Date ? value : new Date(value);
  return Number.isNaN(time.getTime()) ? undefined : time;
}

/**
 * A time (a Date, an ISO string, milliseconds) or a calendar day in a named style; undefined for
 * nothing, or for what is no time or no calendar day.
 */
export function formatDate(value: Date | string | number | null | undefined, style: DateStyle = 'day', locale = DATE_LOCALE): string | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const time = toTime(value);
  if (!time) return undefined;
  if (style === 'withTime') return `${formatter(locale, 'short').format(time)}, ${formatter(locale, 'time').format(time)} UTC`;
  return formatter(locale, style).format(time);
}
