import type { ActivityDay, ActivityReport } from '#common/contracts/activity.ts';
import { MINUTES_PER_REPORT_MAX } from '#common/progress/rules.ts';
import { requireUser, type Viewer } from '../../access/viewer.ts';
import type { StudyDays } from '../progress/study-days.ts';

/**
 * Spec §7 study activity. Signed-in people's reports are summed per day of their own calendar
 * (streaks and stats read them); a guest's are accepted and dropped, their browser keeps its own.
 * Chapters are not taken from these reports: a chapter counts when the progress rules complete it.
 */
export class ActivityService {
  constructor(private readonly days: StudyDays) {}

  async track(viewer: Viewer, report: ActivityReport): Promise<void> {
    const counted = {
      minutesSpent: Math.min(report.minutesSpent, MINUTES_PER_REPORT_MAX),
      versesHighlighted: report.versesHighlighted,
      notesCreated: report.notesCreated,
    };
    if (viewer.kind !== 'user' || Object.values(counted).every((n) => n === 0)) return;
    await this.days.record(viewer.userId, counted);
  }

  async recent(viewer: Viewer, days: number): Promise<ActivityDay[]> {
    const rows = await this.days.repository.recent(requireUser(viewer, 'Not signed in.').userId, days);
    return rows.map(({ day, chaptersRead, minutesSpent, versesHighlighted, notesCreated }) => ({
      day,
      chaptersRead,
      minutesSpent,
      versesHighlighted,
      notesCreated,
    }));
  }
}
