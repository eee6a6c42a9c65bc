import { type ClientLimits, ClientQuota } from '../../lib/quota/client-quota.ts';
import type { Quota } from '../../lib/quota/quota.ts';

export type PictureLimits = ClientLimits;

/** How many pictures one account, one address and the whole site may make (IMAGE_* settings). */
export class PictureQuota extends ClientQuota {
  constructor(quota: Quota, limits: PictureLimits) {
    super(quota, limits, {
      perHour: (n, comeBack) => `You have made ${n} pictures in the last hour. Please try again ${comeBack}.`,
      perDay: (n) => `You have made ${n} pictures today, the most one person may. Please come back tomorrow.`,
      siteDaily: 'Selah has made as many pictures as it can today. Please come back tomorrow.',
    });
  }
}
