import { bookByOsis } from '#common/scripture/canon.ts';
import { formatReference, type PassageRange } from '#common/scripture/reference.ts';

const OSIS_PART = /^([1-3]?[A-Za-z]+)\.(\d+)(?:\.(\d+))?$/;

/** "Exod.23.5", "Ps.35.1-Ps.35.28", "Matt.5.43-Matt.6.4", "Num.17" as a passage; undefined for a book Selah does not know. */
export function osisRange(osis: string): PassageRange | undefined {
  const [from, to] = osis.split('-').map((part) => OSIS_PART.exec(part));
  const book = from ? bookByOsis(from[1]!) : undefined;
  if (!from || !book) return undefined;
  const [chapter, verse] = [Number(from[2]), from[3] ? Number(from[3]) : undefined];
  // An end in another book, or without verses, leaves the start alone.
  const end = to && verse !== undefined && to[3] && bookByOsis(to[1]!) === book ? { chapter: Number(to[2]), verse: Number(to[3]) } : undefined;
  if (end && (end.chapter < chapter || (end.chapter === chapter && end.verse < verse!))) return { book, chapter, verse, endChapter: chapter, endVerse: verse };
  return { book, chapter, verse, endChapter: end?.chapter ?? chapter, endVerse: end?.verse ?? verse };
}

/** "Exod.23.5" → "Exodus 23:5"; "Ps.35.1-Ps.35.28" → "Psalms 35:1-28"; "Matt.5.43-Matt.6.4" → "Matthew 5:43-6:4". */
export function osisToReference(osis: string): string | undefined {
  const range = osisRange(osis);
  return range ? formatReference(range) : undefined;
}

// Longer passages (a whole psalm) are not what a short answer quotes.
const LONGEST = 8;

/**
 * A topical index lists "Job 31:29, 30" as two references: verses next to each other become one
 * passage, and passages longer than LONGEST verses, or repeated, are left out (the AI quotes these).
 */
export function joinNeighbours(osisRefs: readonly string[]): string[] {
  const out: { book: string; chapter: number; from: number; to: number }[] = [];
  const others: string[] = [];
  for (const ref of osisRefs) {
    const m = /^([1-3]?[A-Za-z]+)\.(\d+)\.(\d+)(?:-\1\.\2\.(\d+))?$/.exec(ref);
    if (!m) {
      if (!ref.includes('-') && !others.includes(ref)) others.push(ref);
      continue;
    }
    const [book, chapter, from] = [m[1]!, Number(m[2]), Number(m[3])];
    const to = m[4] ? Number(m[4]) : from;
    if (to - from + 1 > LONGEST) continue;
    const last = out.at(-1);
    if (last && last.book === book && last.chapter === chapter && from === last.to + 1 && to - last.from + 1 <= LONGEST) last.to = to;
    else if (!out.some((p) => p.book === book && p.chapter === chapter && from >= p.from && to <= p.to)) out.push({ book, chapter, from, to });
  }
  return [...out.map((p) => `${p.book}.${p.chapter}.${p.from}${p.to > p.from ? `-${p.book}.${p.chapter}.${p.to}` : ''}`), ...others];
}
