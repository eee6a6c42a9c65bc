import type { ActivityDay, ActivityReport } from '#common/contracts/activity.ts';
import { requireUser, type Viewer } from '../auth/viewer.ts';
import type { ActivityRepository } from './activity.repository.ts';

const utcDay = (d = new Date()) => d.toISOString().slice(0, 10);

/**
 * Spec §7 study activity. Signed-in people's reports are summed per UTC day (streaks and stats read
 * them); a guest's are accepted and dropped, since a guest has nowhere on the server to keep them.
 */
export class ActivityService {
  constructor(private readonly repository: ActivityRepository) {}

  async track(viewer: Viewer, report: ActivityReport): Promise<void> {
    if (viewer.kind === 'user') await this.repository.add(viewer.userId, utcDay(), report);
  }

  async recent(viewer: Viewer, days: number): Promise<ActivityDay[]> {
    return this.repository.recent(requireUser(viewer, 'Not signed in.').userId, days);
  }
}
