import { addressKey, DAY_MS, HOUR_MS, inMinutes, type Quota, type QuotaLimit } from '../../lib/quota/quota.ts';
import type { Viewer } from '../auth/viewer.ts';

export interface PictureLimits {
  perHour: number;
  perDay: number;
  siteDaily: number;
}

/**
 * How many pictures one account, one address and the whole site may make: a picture counts against
 * the account (when signed in) and the address both, and against the site's daily cap. Counted and
 * taken atomically in the database (lib/quota), so concurrent requests and several app processes
 * share one count.
 */
export class PictureQuota {
  constructor(
    private readonly quota: Quota,
    private readonly limits: PictureLimits,
  ) {}

  /** Throws 429 with when to come back if any limit is spent; else counts one picture. */
  async take(viewer: Viewer, address: string): Promise<void> {
    const keys = [addressKey(address), ...(viewer.kind === 'user' ? [`user:${viewer.userId}`] : [])];
    const { perHour, perDay, siteDaily } = this.limits;
    const limits: QuotaLimit[] = keys.flatMap((key) => [
      {
        key,
        limit: perHour,
        windowMs: HOUR_MS,
        message: (s) => `You have made ${perHour} pictures in the last hour. Please try again ${inMinutes(s)}.`,
      },
      {
        key,
        limit: perDay,
        windowMs: DAY_MS,
        message: () => `You have made ${perDay} pictures today, the most one person may. Please come back tomorrow.`,
      },
    ]);
    limits.push({
      key: 'site',
      limit: siteDaily,
      windowMs: DAY_MS,
      message: () => 'Selah has made as many pictures as it can today. Please come back tomorrow.',
    });
    await this.quota.take(limits);
  }
}
