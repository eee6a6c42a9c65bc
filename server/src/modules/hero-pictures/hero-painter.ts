import type { BaseLogger } from 'pino';
import type { JobClaims } from '../daily/job-claims.ts';
import type { PicturesService } from '../pictures/pictures.service.ts';

const JOB = 'hero-picture';

/** Articles of one kind (lessons, news posts) as the painter sees them. */
export interface PictureLessArticles {
  /** A short name for the claim's key ("lesson", "news"). */
  readonly kind: string;
  /** Published articles with no picture yet, oldest first. */
  withoutPicture(limit: number): Promise<{ id: string; title: string; text: string }[]>;
  /** Sets a painted picture unless the article has one by now; answers whether it did. */
  setPictureIfNone(id: string, url: string): Promise<boolean>;
}
/** Articles painted per pass; a pass runs again while it finds work, so a large import is done in turns. */
const PER_PASS = 20;
/** The words a scene is drawn from: the title and the opening of the article. */
const WORDS = 600;

/**
 * Paints a hero picture for each published lesson and news post that has none: once per article,
 * whichever process claims it first (a `job_run` claim per article, as the daily prayer's), in the
 * background after publishing or importing and at start for those published before. The picture is set
 * only while the article still has none, so an author's own upload always wins; one they upload later
 * replaces it.
 */
export class HeroPainter {
  private running: Promise<void> | undefined;
  private again = false;

  constructor(
    private readonly kinds: readonly PictureLessArticles[],
    private readonly pictures: PicturesService,
    private readonly claims: JobClaims,
    /** Told when a picture is set, so cached pages are made again. */
    private readonly changed: () => void,
    private readonly log?: Pick<BaseLogger, 'warn'>,
  ) {}

  /** Starts a pass in the background (one at a time; a call during a pass asks for one more). */
  schedule(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = (async () => {
      do {
        this.again = false;
        await this.paintMissing().catch((error: unknown) => this.log?.warn({ err: error }, 'hero pictures could not be painted; the next change tries again'));
      } while (this.again);
    })().finally(() => {
      this.running = undefined;
    });
  }

  /** Resolves when the background pass (if any) is done. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  /** Paints every published article without a picture; answers how many this process painted. */
  async paintMissing(): Promise<number> {
    let painted = 0;
    for (;;) {
      let claimed = 0;
      let full = false;
      for (const kind of this.kinds) {
        const articles = await kind.withoutPicture(PER_PASS);
        full ||= articles.length === PER_PASS;
        for (const a of articles) if (await this.paint(`${kind.kind}:${a.id}`, a, (url) => kind.setPictureIfNone(a.id, url))) claimed++;
      }
      painted += claimed;
      // Nothing claimed: what is left is another process's (or was painted and its author took it down).
      if (claimed === 0 || !full) return painted;
    }
  }

  private paint(key: string, subject: { title: string; text: string }, set: (url: string) => Promise<boolean>): Promise<boolean> {
    return this.claims.once(JOB, key, async () => {
      const url = await this.pictures.paintHero({ title: subject.title, text: `${subject.title}. ${subject.text}`.slice(0, WORDS) });
      if (await set(url)) this.changed();
    });
  }
}
