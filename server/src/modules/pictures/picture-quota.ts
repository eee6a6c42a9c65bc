import { createHash } from 'node:crypto';
import { and, count, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { pictureUses } from '../../db/schema.ts';
import { TooMany } from '../../lib/errors.ts';
import type { Viewer } from '../auth/viewer.ts';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const SWEEP_EVERY_MS = 10 * 60 * 1000;
const SITE = 'site';

export interface PictureLimits {
  perHour: number;
  perDay: number;
  siteDaily: number;
}

/** A client address as it is kept: hashed, so the database holds no one's address. */
export const addressKey = (address: string) => `addr:${createHash('sha256').update(address).digest('hex').slice(0, 32)}`;

const minutes = (ms: number) => Math.max(1, Math.ceil(ms / 60_000));

/**
 * How many pictures one account, one address and the whole site may have made: counted in the
 * database, so every app process sharing it keeps the same count. A picture counts against the
 * account (when signed in) and the address both; addresses are kept as hashes.
 */
export class PictureQuota {
  private lastSweep = 0;

  constructor(
    private readonly db: Db,
    private readonly limits: PictureLimits,
    private readonly now: () => number = Date.now,
  ) {}

  /** Throws 429 with when to come back if any limit is spent; else counts one picture. */
  async take(viewer: Viewer, address: string): Promise<void> {
    const keys = [addressKey(address)];
    if (viewer.kind === 'user') keys.push(`user:${viewer.userId}`);
    const now = this.now();
    for (const key of keys) {
      const hour = await this.used(key, now - HOUR_MS);
      if (hour.n >= this.limits.perHour) {
        throw new TooMany(
          `You have made ${this.limits.perHour} pictures in the last hour. Please try again in ${minutes(hour.oldest + HOUR_MS - now)} minutes.`,
          (hour.oldest + HOUR_MS - now) / 1000,
        );
      }
      const day = await this.used(key, now - DAY_MS);
      if (day.n >= this.limits.perDay) {
        throw new TooMany(
          `You have made ${this.limits.perDay} pictures today, the most one person may. Please come back tomorrow.`,
          (day.oldest + DAY_MS - now) / 1000,
        );
      }
    }
    const site = await this.used(SITE, now - DAY_MS);
    if (site.n >= this.limits.siteDaily) {
      throw new TooMany('Selah has made as many pictures as it can today. Please come back tomorrow.', (site.oldest + DAY_MS - now) / 1000);
    }
    const at = new Date(now);
    await this.db.insert(pictureUses).values([...keys, SITE].map((key) => ({ key, at })));
    await this.sweep(now);
  }

  private async used(key: string, since: number): Promise<{ n: number; oldest: number }> {
    const where = and(eq(pictureUses.key, key), gt(pictureUses.at, new Date(since)));
    const [row] = await this.db.select({ n: count() }).from(pictureUses).where(where);
    const n = Number(row?.n ?? 0);
    if (n === 0) return { n, oldest: this.now() };
    // When the window's oldest use leaves it, one more is allowed.
    const [first] = await this.db.select({ at: pictureUses.at }).from(pictureUses).where(where).orderBy(pictureUses.at).limit(1);
    return { n, oldest: first?.at.getTime() ?? this.now() };
  }

  /** Uses older than a day count for nothing: drop them now and then, so the table stays small. */
  private async sweep(now: number): Promise<void> {
    if (now - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now;
    await this.db.delete(pictureUses).where(lt(pictureUses.at, new Date(now - DAY_MS)));
  }
}
