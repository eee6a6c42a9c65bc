import { RANKINGS_SHOWN, type Rankings } from '#common/contracts/progress.ts';
import { addDays, dayIn, monthStart, weekStart } from '#common/progress/days.ts';
import type { Viewer } from '../../access/viewer.ts';
import type { RankingsRepository, Standing } from './rankings.repository.ts';
import type { StudyDays } from './study-days.ts';

type By = Rankings['by'];
type Period = Rankings['period'];

/** A board is reckoned for everyone at once, then kept briefly: many people look at the same one. */
const BOARD_TTL_MS = 15_000;
/** After a change a board is reckoned again, but not more often than this, however many changes come. */
const RECOUNT_MIN_MS = 2_000;

/**
 * Spec's /rankings: the community board by display name. Weeks start on Monday and months on the
 * 1st of the viewer's own calendar; each person's days are their own. Ties share a rank.
 */
export class RankingsService {
  private readonly boards = new Map<string, { at: number; standings: Promise<Standing[]> }>();
  private changedAt = 0;

  constructor(
    private readonly repository: RankingsRepository,
    private readonly days: StudyDays,
    private readonly clock: () => number = () => Date.now(),
  ) {}

  /** Marks the kept boards out of date, after a change that moves someone (a completed chapter). */
  forget(): void {
    this.changedAt = this.clock();
  }

  async rankings(viewer: Viewer, by: By, period: Period): Promise<Rankings> {
    const today = viewer.kind === 'user' ? await this.days.today(viewer.userId) : dayIn(new Date(this.clock()), 'UTC');
    const from = by === 'streak' || period === 'all' ? undefined : period === 'week' ? weekStart(today) : monthStart(today);
    const standings = await this.board(by, from);
    const ranks = rankOf(standings);
    const you = viewer.kind === 'user' ? await this.standing(viewer.userId, standings, ranks) : null;
    return {
      by,
      period,
      entries: standings.slice(0, RANKINGS_SHOWN).map((s, i) => ({
        rank: ranks[i]!,
        displayName: s.displayName,
        score: s.score,
        isYou: viewer.kind === 'user' && s.userId === viewer.userId,
      })),
      you,
      total: standings.length,
    };
  }

  private async standing(userId: string, standings: Standing[], ranks: number[]): Promise<NonNullable<Rankings['you']>> {
    const index = standings.findIndex((s) => s.userId === userId);
    if (index >= 0) return { rank: ranks[index]!, score: standings[index]!.score, listed: true };
    return { rank: null, score: 0, listed: await this.repository.isListed(userId) };
  }

  /** One reckoning serves every request that comes while it runs. */
  private board(by: By, from: string | undefined): Promise<Standing[]> {
    const key = `${by}:${from ?? 'all'}`;
    const kept = this.boards.get(key);
    const now = this.clock();
    const fresh = kept && now - kept.at < BOARD_TTL_MS && (kept.at > this.changedAt || now - kept.at < RECOUNT_MIN_MS);
    if (kept && fresh) return kept.standings;
    const standings = by === 'chapters' ? this.repository.chapters(from) : this.runningStreaks(now);
    this.boards.set(key, { at: now, standings });
    standings.catch(() => this.boards.delete(key));
    return standings;
  }

  /** Streaks still running on each person's own today (or yesterday, which they can still keep). */
  private async runningStreaks(now: number): Promise<Standing[]> {
    const instant = new Date(now);
    // Time zones are at most a day apart from UTC either way, so nobody running is older than this.
    const candidates = await this.repository.streaks(addDays(dayIn(instant, 'UTC'), -2));
    return candidates
      .filter((c) => c.lastDay >= addDays(dayIn(instant, c.timeZone), -1))
      .map(({ userId, displayName, score }) => ({ userId, displayName, score }));
  }
}

/** Standard competition ranks over scores sorted high to low: 1, 2, 2, 4. */
export function rankOf(standings: readonly { score: number }[]): number[] {
  const ranks: number[] = [];
  standings.forEach((s, i) => ranks.push(i > 0 && standings[i - 1]!.score === s.score ? ranks[i - 1]! : i + 1));
  return ranks;
}
