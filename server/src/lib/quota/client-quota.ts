import { addressKey, DAY_MS, HOUR_MS, inMinutes, userKey, type Quota, type QuotaLimit } from './quota.ts';

/** How many of a costly thing one account, one address and the whole site may have made. */
export interface ClientLimits {
  perHour: number;
  perDay: number;
  siteDaily: number;
}

/** The refusals' words, naming what was made. */
export interface ClientQuotaWords {
  perHour: (limit: number, comeBack: string) => string;
  perDay: (limit: number) => string;
  siteDaily: string;
}

/** Who asks: an account when signed in, and always the client address. */
export type QuotaClient = { kind: 'user'; userId: string } | { kind: 'guest' };

/**
 * Hourly and daily limits per account and per address, and a daily cap for the site: one use counts
 * against the account (when signed in), the address and the site. Counted and taken atomically in the
 * database (Quota), so concurrent requests and several app processes share one count.
 */
export class ClientQuota {
  constructor(
    private readonly quota: Quota,
    private readonly limits: ClientLimits,
    private readonly words: ClientQuotaWords,
  ) {}

  /** Throws 429 with when to come back if any limit is spent; else counts one use. */
  async take(viewer: QuotaClient, address: string): Promise<void> {
    const keys = [addressKey(address), ...(viewer.kind === 'user' ? [userKey(viewer.userId)] : [])];
    const { perHour, perDay, siteDaily } = this.limits;
    const limits: QuotaLimit[] = keys.flatMap((key) => [
      { key, limit: perHour, windowMs: HOUR_MS, message: (s) => this.words.perHour(perHour, inMinutes(s)) },
      { key, limit: perDay, windowMs: DAY_MS, message: () => this.words.perDay(perDay) },
    ]);
    limits.push({ key: 'site', limit: siteDaily, windowMs: DAY_MS, message: () => this.words.siteDaily });
    await this.quota.take(limits);
  }
}
