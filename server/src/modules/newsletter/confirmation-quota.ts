import { DAY_MS, HOUR_MS, type Quota } from '../../lib/quota/quota.ts';
import { TooMany } from '../../lib/errors.ts';
import { mailboxKey } from './mailbox.ts';

/** One confirmation to an inbox at a time: a second within this long is not sent. */
const MAILBOX_EVERY_MS = 10 * 60_000;
/** Confirmations one inbox may receive in a day, however its address is spelt. */
export const CONFIRMATIONS_PER_MAILBOX_DAY = 3;

/**
 * How much confirmation mail may go: per inbox (the address normalised, so `victim+1@…`, `victim+2@…`
 * count as one) at most one in 10 minutes and 3 a day, and from the whole site `perHour`. Counted
 * atomically in the database (lib/quota), so requests in flight at once and several processes share
 * one count.
 */
export class ConfirmationQuota {
  constructor(
    private readonly quota: Quota,
    private readonly perHour: number,
  ) {}

  /** True when a confirmation to `email` may go now (and counts it); false when a cap is spent. */
  async take(email: string): Promise<boolean> {
    const key = mailboxKey(email);
    const refused = () => '';
    try {
      await this.quota.take([
        { key, limit: 1, windowMs: MAILBOX_EVERY_MS, message: refused },
        { key, limit: CONFIRMATIONS_PER_MAILBOX_DAY, windowMs: DAY_MS, message: refused },
        { key: 'site', limit: this.perHour, windowMs: HOUR_MS, message: refused },
      ]);
      return true;
    } catch (error) {
      if (error instanceof TooMany) return false;
      throw error;
    }
  }
}
