import { type ClientLimits, ClientQuota } from '../../lib/quota/client-quota.ts';
import type { Quota } from '../../lib/quota/quota.ts';

/**
 * How many new passages one account, one address and the whole site may have read aloud (AUDIO_*
 * settings). Only a synthesis that runs counts: audio already made plays for everyone, always.
 */
export class AudioQuota extends ClientQuota {
  constructor(quota: Quota, limits: ClientLimits) {
    super(quota, limits, {
      perHour: (n, comeBack) => `You have had ${n} new passages read aloud in the last hour. Please try again ${comeBack}.`,
      perDay: (n) => `You have had ${n} new passages read aloud today, the most one person may. Audio already made still plays. Please come back tomorrow.`,
      siteDaily: 'Selah has read as many new passages aloud as it can today. Audio already made still plays. Please come back tomorrow.',
    });
  }
}
