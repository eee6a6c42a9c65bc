const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/**
 * "2026-11-25T08:00:00.000Z" → "25 November 2026", the day in UTC. Built from fixed names rather than
 * Intl or the browser's time zone, whose results differ between the server and the browser: the two
 * must render the same text to hydrate. Undefined for a string that is no time.
 */
export function formatDate(iso: string | null | undefined): string | undefined {
  if (!iso) return undefined;
  const time = new Date(iso);
  if (Number.isNaN(time.getTime())) return undefined;
  return `${time.getUTCDate()} ${MONTHS[time.getUTCMonth()]} ${time.getUTCFullYear()}`;
}
