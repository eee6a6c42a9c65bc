import { apiPost } from '../../../lib/api-client.ts';

export interface ActivityReport {
  chaptersRead?: number;
  minutesSpent?: number;
  versesHighlighted?: number;
  notesCreated?: number;
}

/**
 * Spec §7 study-activity event. Fire and forget: a lost report must never get in the way of what the
 * reader just did (the server keeps signed-in people's, and drops a guest's).
 */
export function trackActivity(report: ActivityReport): void {
  void apiPost('/api/study-activity/track', report).catch(() => undefined);
}
