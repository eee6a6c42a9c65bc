import { createHash } from 'node:crypto';
import type { AttemptLimiterRepository, Counter } from './attempt-limiter.repository.ts';
import type { SignInPlace } from './sign-in-place.ts';

/**
 * Limits on top of better-auth's per-address limits, kept in the database so every app process shares
 * them. Keys are hashes, so an email of any length makes a row of fixed size, and every key of an
 * account's sign-in counters begins with the account's hash, so a completed reset can clear them all.
 *
 * Sign-in counts wrong passwords per account and per place (the account with an address, and with a
 * device):
 *  - a place with MAX failures on an account waits out the window, known or not;
 *  - a place that signed in to the account with the right password before (`sign_in_known`) is held
 *    only by its own count, so strangers cannot lock the owner out;
 *  - for strangers, once the account has MAX failures from anywhere only places that have not failed on
 *    it may try (one guess each), and past HARD_MAX failures none may until the window ends; a completed
 *    password reset (proof of the mailbox) clears every count of the account.
 * Mail-sending actions (sign-up, reset, verification) count every attempt per account, so nobody can
 * flood a person's inbox from many addresses.
 *
 * Nothing is written before better-auth's per-address limit has let a request through; counters idle
 * for an hour and places unseen for half a year are swept, so the tables cannot grow without bound.
 */
export type MailAction = 'sign-up' | 'password-reset' | 'verification-mail';

/** What a sign-in attempt may do, and whether the account's count was already taken for it. */
export interface Admission {
  wait: Wait | null;
  /** A stranger's attempt is counted on the account before the password is checked. */
  counted: boolean;
}

export interface Wait {
  seconds: number;
  /** The account is closed to every place that has not signed in before. */
  everyone: boolean;
}

const SWEEP_AFTER_MS = 60 * 60 * 1000;
const SWEEP_EVERY_MS = 5 * 60 * 1000;
const FORGET_PLACES_AFTER_MS = 183 * 24 * 60 * 60 * 1000;

export class AttemptLimiter {
  private lastSweep = 0;

  constructor(
    private readonly repository: AttemptLimiterRepository,
    private readonly options: { max?: number; hardMax?: number; windowSeconds?: number; now?: () => number } = {},
  ) {}

  private get max() {
    return this.options.max ?? 10;
  }
  private get hardMax() {
    return this.options.hardMax ?? 100;
  }
  private get windowMs() {
    return (this.options.windowSeconds ?? 15 * 60) * 1000;
  }
  private now() {
    return this.options.now?.() ?? Date.now();
  }

  /** How long this place must wait before trying a password on this account (null: it may try now). */
  async signInWait(email: string, place: SignInPlace): Promise<Wait | null> {
    const account = accountDigest(email);
    const accountCounter = counterKey('sign-in', account);
    const places = placeCounterKeys(account, place);
    const counts = await this.counts([accountCounter, ...places]);
    const placeCounts = places.flatMap((k) => counts.get(k) ?? []);
    const spent = placeCounts.find((c) => c.count >= this.max);
    if (spent) return { seconds: this.secondsLeft(spent.windowStart), everyone: false };
    const all = counts.get(accountCounter);
    if (!all || all.count < this.max) return null;
    if (await this.repository.anyKnown(account, knownKeys(account, place))) return null;
    if (all.count >= this.hardMax) return { seconds: this.secondsLeft(all.windowStart), everyone: true };
    if (placeCounts.length > 0) return { seconds: this.secondsLeft(all.windowStart), everyone: false };
    return null;
  }

  /**
   * Admits one attempt. A stranger's is counted on the account first, atomically, so however many are
   * in flight at once no more than HARD_MAX are let through in a window; a known place is not.
   */
  async signInAttempt(email: string, place: SignInPlace): Promise<Admission> {
    const wait = await this.signInWait(email, place);
    if (wait) return { wait, counted: false };
    const account = accountDigest(email);
    if (await this.repository.anyKnown(account, knownKeys(account, place))) return { wait: null, counted: false };
    const key = counterKey('sign-in', account);
    const now = this.now();
    const count = await this.repository.bump([key], now, now - this.windowMs);
    if (count <= this.hardMax) return { wait: null, counted: true };
    const all = (await this.counts([key])).get(key);
    return { wait: { seconds: this.secondsLeft(all?.windowStart ?? now), everyone: true }, counted: true };
  }

  async signInFailed(email: string, place: SignInPlace, admission: Admission = { wait: null, counted: false }): Promise<void> {
    const account = accountDigest(email);
    await this.bump([...(admission.counted ? [] : [counterKey('sign-in', account)]), ...placeCounterKeys(account, place)]);
  }

  /** The password was not checked after all: the attempt is taken back. */
  async signInNotTried(email: string, admission: Admission): Promise<void> {
    if (admission.counted) await this.repository.unbump(counterKey('sign-in', accountDigest(email)));
  }

  /** A right password: this place starts afresh on this account, and is known to it from now on. */
  async signInSucceeded(email: string, place: SignInPlace, admission: Admission = { wait: null, counted: false }): Promise<void> {
    const account = accountDigest(email);
    if (admission.counted) await this.repository.unbump(counterKey('sign-in', account));
    await this.repository.remove(placeCounterKeys(account, place));
    await this.repository.remember(account, knownKeys(account, place), new Date(this.now()));
  }

  /** A completed password reset proves the mailbox: every sign-in count of the account is cleared. */
  async passwordReset(email: string): Promise<void> {
    const account = accountDigest(email);
    await this.repository.removeWithPrefixes([counterKey('sign-in', account)], [placePrefix(account)]);
  }

  async mailWait(action: MailAction, email: string): Promise<Wait | null> {
    const key = counterKey(action, accountDigest(email));
    const row = (await this.counts([key])).get(key);
    return row && row.count >= this.max ? { seconds: this.secondsLeft(row.windowStart), everyone: true } : null;
  }

  async mailSent(action: MailAction, email: string): Promise<void> {
    await this.bump([counterKey(action, accountDigest(email))]);
  }

  /** Counts within their window; counters of an ended window count as none. */
  private async counts(keys: string[]): Promise<Map<string, Counter>> {
    const since = this.now() - this.windowMs;
    const rows = await this.repository.counters(keys);
    return new Map([...rows].filter(([, c]) => c.windowStart > since));
  }

  private async bump(keys: string[]): Promise<void> {
    if (keys.length === 0) return;
    const now = this.now();
    await this.repository.bump(keys, now, now - this.windowMs);
    await this.sweep(now);
  }

  private async sweep(now: number): Promise<void> {
    if (now - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now;
    // Ours and better-auth's (its longest window is ten minutes).
    await this.repository.sweepCounters(now - SWEEP_AFTER_MS);
    await this.repository.sweepKnown(new Date(now - FORGET_PLACES_AFTER_MS));
  }

  private secondsLeft(windowStart: number): number {
    return Math.max(1, Math.ceil((windowStart + this.windowMs - this.now()) / 1000));
  }
}

const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest('base64url');
const accountDigest = (email: string) => digest(email.trim().toLowerCase());

function counterKey(action: string, account: string): string {
  return `account:${action}:${account}`;
}

const placePrefix = (account: string) => `pair:sign-in:${account}:`;

/** A place's own counters on the account: its address's and, with a device cookie, its device's. */
function placeCounterKeys(account: string, place: SignInPlace): string[] {
  const keys = [`${placePrefix(account)}a:${digest(`${account}\n${place.address}`)}`];
  if (place.device) keys.push(`${placePrefix(account)}d:${digest(`${account}\n${place.device}`)}`);
  return keys;
}

/** The place's rows in `sign_in_known`: hashes with the account's, so one account's rows say nothing of another's. */
function knownKeys(account: string, place: SignInPlace): string[] {
  const keys = [digest(`${account}\naddress\n${place.address}`)];
  if (place.device) keys.push(digest(`${account}\ndevice\n${place.device}`));
  return keys;
}
