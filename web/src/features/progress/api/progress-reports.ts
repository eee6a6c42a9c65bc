import type { BehaviorReport, ChapterProgressResult, ProgressImport } from '#common/contracts/progress.ts';
import { versesToComplete } from '#common/progress/rules.ts';
import { apiPost } from '../../../lib/api-client.ts';
import type { ChapterProgress } from '../chapter-progress.ts';

/** Every progress query's key starts with this, so one invalidation refreshes streaks, stats, coverage and rankings. */
export const PROGRESS_KEY = ['progress'] as const;

const ACTIVITY_PATH = '/api/study-activity/track';

/**
 * Spec §7: a signed-in reader's progress, with the behaviour report that goes alongside it. Tracking
 * never gets in the way of reading, so a failure resolves to undefined rather than throwing.
 */
export function sendChapterProgress(progress: ChapterProgress): Promise<ChapterProgressResult | undefined> {
  const behavior: BehaviorReport = {
    contentType: 'bible_chapter',
    contentId: `${progress.book}_${progress.chapter}`,
    completionPercentage: Math.min(100, Math.round((progress.versesViewed.length / progress.totalVerses) * 100)),
    interactions: { verses_viewed: progress.versesViewed.length, chapter_completed: progress.versesViewed.length >= versesToComplete(progress.totalVerses) },
  };
  void apiPost('/api/personalization/track-behavior', behavior).catch(() => undefined);
  return apiPost<ChapterProgressResult | undefined>('/api/track-chapter-progress', progress).catch(() => undefined);
}

/**
 * Reading minutes as the page goes away: a beacon outlives the page where a fetch may not. The server
 * reads its text/plain body as JSON: browsers refuse a beacon whose type is not a plain form or text type.
 */
export function beaconMinutes(minutes: number): void {
  const body = JSON.stringify({ minutesSpent: minutes });
  const sent = typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(ACTIVITY_PATH, new Blob([body], { type: 'text/plain' }));
  // The beacon queue can be full: a keepalive fetch also survives the page.
  if (!sent)
    void fetch(ACTIVITY_PATH, { method: 'POST', body, headers: { 'Content-Type': 'application/json' }, credentials: 'include', keepalive: true }).catch(
      () => undefined,
    );
}

/** A guest's progress moved into the account that just signed in (how many chapters and days it held). */
export const importGuestProgress = (data: ProgressImport) => apiPost<{ chapters: number; days: number }>('/api/progress/import', data);

/** The browser's time zone, which decides when the person's study day begins. */
export const saveTimeZone = (timeZone: string) => apiPost('/api/settings', { timeZone, userId: '' });

export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}
