import { LRUCache } from 'lru-cache';
import { TooMany } from './errors.ts';

/**
 * At most `limit` uses per key in any `windowMs`, kept in memory (one process). A use counts against
 * every key given (an account and an address), and is refused when any of them is spent.
 */
export class RateWindow {
  private readonly uses = new LRUCache<string, number[]>({ max: 50_000 });

  constructor(
    readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  take(keys: readonly string[], message: (retryAfterSeconds: number) => string): void {
    const now = this.now();
    const recent = keys.map((key) => (this.uses.get(key) ?? []).filter((t) => t > now - this.windowMs));
    const spent = recent.filter((times) => times.length >= this.limit);
    if (spent.length > 0) {
      const retryAfter = Math.max(...spent.map((times) => times[times.length - this.limit]! + this.windowMs - now)) / 1000;
      throw new TooMany(message(retryAfter), retryAfter);
    }
    keys.forEach((key, i) => this.uses.set(key, [...recent[i]!, now]));
  }
}
