import type { MediaStore } from '../../providers/storage/media-store.ts';
import type { BibleStore } from '../../scripture/store/bible-store.ts';
import type { HealthRepository } from './health.repository.ts';

/** A check that takes longer than this counts as not answering: a load balancer's probe must not hang. */
const CHECK_TIMEOUT_MS = 3_000;
/** A key no file is ever stored under: asking for it reaches the store without reading anything. */
const PROBE_KEY = 'health/readiness-probe.json';

export type ReadinessPart = 'database' | 'media store' | 'Bible store';

/**
 * Whether this process can do its work: the database and the media store answer, and the Bible store
 * reads its default translation. `GET /api/ready` reports it for load balancers.
 */
export class Readiness {
  constructor(
    private readonly repository: HealthRepository,
    private readonly media: Pick<MediaStore, 'stat'>,
    private readonly store: BibleStore,
  ) {}

  /** The parts that do not answer, in a fixed order (empty: ready). */
  async down(): Promise<ReadinessPart[]> {
    const checks: [ReadinessPart, () => Promise<unknown>][] = [
      ['database', () => this.repository.ping()],
      ['media store', () => this.media.stat(PROBE_KEY)],
      ['Bible store', async () => this.readsScripture() || Promise.reject(new Error('the default translation does not read'))],
    ];
    const results = await Promise.all(checks.map(([, check]) => answersInTime(check)));
    return checks.filter((_, i) => !results[i]).map(([part]) => part);
  }

  /** The default translation's first chapter reads (from memory, or its pack file when memory gave it back); no translation, nothing to fail. */
  private readsScripture(): boolean {
    const code = this.store.defaultCode;
    const translation = code === undefined ? undefined : this.store.get(code);
    return translation === undefined || (translation.books[0]?.chapters[0]?.verses().length ?? 0) > 0;
  }
}

async function answersInTime(check: () => Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(resolve, CHECK_TIMEOUT_MS, false)));
  try {
    return await Promise.race([check().then(() => true), late]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** "the database does not answer", "the database and the media store do not answer". */
export function notReadyMessage(down: readonly ReadinessPart[]): string {
  const names = new Intl.ListFormat('en', { type: 'conjunction' }).format(down.map((part) => `the ${part}`));
  return `Not ready: ${names} ${down.length === 1 ? 'does' : 'do'} not answer.`;
}
