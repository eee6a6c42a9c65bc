import type { BaseLogger } from 'pino';
import type { DailyService } from './daily.service.ts';

/** The weekly devotional's scheduled run (the newsletter module's service). */
export interface WeeklyJob {
  sendDue(): Promise<unknown>;
}

/** How often a running server looks for a day without its prayer (a new day, or one a failure left). */
const EVERY_MS = 15 * 60_000;

/**
 * The daily and weekly jobs of a running server: at start (catching up after downtime) and then every
 * quarter hour. Each day's work, and each reader's copy of the week's issue, is claimed in the
 * database, so several processes do it once between them.
 */
export function startDailyJobs(daily: DailyService, weekly: WeeklyJob, log: Pick<BaseLogger, 'warn'>): () => Promise<void> {
  let running: Promise<void> | undefined;
  let stopped = false;
  const run = () => {
    if (running || stopped) return running;
    running = work().finally(() => (running = undefined));
    return running;
  };
  const work = async () => {
    try {
      await daily.catchUp();
    } catch (error) {
      log.warn({ err: error }, 'daily prayer job failed; it runs again shortly');
    }
    try {
      await weekly.sendDue();
    } catch (error) {
      log.warn({ err: error }, 'weekly newsletter job failed; it runs again shortly');
    }
  };
  const first = setTimeout(() => void run(), 0);
  const timer = setInterval(() => void run(), EVERY_MS);
  timer.unref();
  // A new day's prayer is there from its first seconds, not up to a quarter hour later.
  let midnight: NodeJS.Timeout;
  const atMidnight = () => {
    midnight = setTimeout(
      () => {
        void run();
        atMidnight();
      },
      msToNextUtcDay(Date.now()) + 5_000,
    );
    midnight.unref();
  };
  atMidnight();
  // Stopping waits for a run under way: closing the server under it would fail it half done (a picture
  // half painted when the painter's threads end), and the next start would redo it.
  return async () => {
    stopped = true;
    clearTimeout(first);
    clearInterval(timer);
    clearTimeout(midnight);
    await running;
  };
}

/** Milliseconds from `now` to the next midnight UTC (the days of the daily prayer are UTC days). */
export function msToNextUtcDay(now: number): number {
  const day = 24 * 60 * 60_000;
  return day - (now % day);
}
