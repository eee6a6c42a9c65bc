import type { AdminOverview } from '#common/contracts/admin.ts';
import { addDays, dayIn } from '#common/progress/days.ts';
import type { AdminRepository } from './admin.repository.ts';

/** The dashboard's figures: accounts, readers active in the last 7 days (UTC), and what the site holds. */
export class AdminService {
  constructor(
    private readonly repository: AdminRepository,
    private readonly now: () => Date = () => new Date(),
  ) {}

  overview(): Promise<AdminOverview> {
    return this.repository.overview(addDays(dayIn(this.now(), 'UTC'), -6));
  }
}
