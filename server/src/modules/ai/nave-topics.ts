import { bookByOsis } from '#common/scripture/canon.ts';
import { formatReference } from '#common/scripture/reference.ts';
import type { SwordModule } from '../../scripture/sword/discover.ts';
import { ZLdReader } from '../../scripture/sword/zld.ts';
import { CrossReferences } from '../../scripture/cross-references/cross-references.ts';
import { installedSource, type SourceRoots } from './installed-source.ts';
import type { Topic } from './topics.ts';

const PER_TOPIC = 8;
// Words too general to name a topic, though Nave's has an entry for some of them.
const GENERAL = new Set(
  'also away christian christians come days does done even ever feel find give going good great help just keep know like live made make many mean means much must need never only other people really right same should show something still take tell thing things think time times used want ways well were world years'.split(
    ' ',
  ),
);

/**
 * Nave's Topical Bible (public domain; Debian's sword-dict-naves) as a topic source for the AI: a
 * question's words that name one of its 5,322 topics ("enemies" → ENEMY, "gossip" → GOSSIP, "jealous"
 * → JEALOUSY) bring that topic's passages, the general ones first. Used where Selah's own everyday-word
 * topics (topics.ts) find nothing. Entries are read when first asked for.
 */
export class NaveTopics {
  private readonly keys = new Map<string, string>();
  private readonly cache = new Map<string, Topic | null>();

  private constructor(
    private readonly reader: ZLdReader,
    private readonly crossReferences: CrossReferences,
  ) {
    for (const key of reader.keys()) if (/^[A-Z]+$/.test(key)) this.keys.set(key.toLowerCase(), key);
  }

  static open(module: SwordModule, crossReferences = new CrossReferences()): NaveTopics {
    return new NaveTopics(ZLdReader.open(module), crossReferences);
  }

  /** The topics the words name, the most specific (longest) word first. */
  match(words: readonly string[]): Topic[] {
    const found: Topic[] = [];
    const terms = [...new Set(words)].filter((w) => w.length >= 4 && !GENERAL.has(w)).sort((a, b) => b.length - a.length);
    for (const term of terms) {
      const key = this.keyFor(term);
      const topic = key ? this.topic(key) : undefined;
      if (topic && !found.some((t) => t.name === topic.name)) found.push(topic);
    }
    return found;
  }

  private keyFor(term: string): string | undefined {
    // The word as asked, its singular, and the forms Nave's names topics by ("tithe" → TITHES, "fast" → FASTING).
    const stem = /.{3}ing$/.test(term) ? term.slice(0, -3) : undefined; // "tithing" → TITHES
    const forms = [
      term,
      term.replace(/ies$/, 'y'),
      term.replace(/(ss|sh|ch|x)es$/, '$1'),
      term.replace(/s$/, ''),
      `${term}s`,
      `${term}ing`,
      ...(stem ? [stem, `${stem}e`, `${stem}s`, `${stem}es`] : []),
    ];
    for (const form of forms) {
      const key = this.keys.get(form);
      if (key) return key;
    }
    // "jealous" → JEALOUSY, at most two letters more; not for short words ("treat" is not TREATY).
    if (term.length < 6) return undefined;
    for (const [lower, key] of this.keys) if (lower.startsWith(term) && lower.length - term.length <= 2) return key;
    return undefined;
  }

  private topic(key: string, depth = 0): Topic | undefined {
    if (this.cache.has(key)) return this.cache.get(key) ?? undefined;
    const markup = this.reader.lookup(key) ?? '';
    // Nave's orders an entry by aspect, not by how much a passage says about the topic: the best-known
    // passages come first (see cross-references.ts), those under "General scriptures concerning …" counting double.
    const scored = markup.split('<lb/>').flatMap((line) => {
      const weight = line.includes('General scriptures') ? 2 : 1;
      return joinNeighbours([...line.matchAll(/osisRef="([^"]+)"/g)].map((m) => m[1]!)).flatMap((osis) => {
        const reference = osisToReference(osis);
        return reference ? [{ reference, score: weight * this.crossReferences.prominence(reference) }] : [];
      });
    });
    const passages = [...new Set(scored.sort((a, b) => b.score - a.score).map((p) => p.reference))].slice(0, PER_TOPIC);
    // An entry that only says "See CARE" stands for the one it points to.
    if (passages.length === 0 && depth === 0) {
      const see = /target="Nave:([^"]+)"/.exec(markup)?.[1];
      const target = see ? this.topic(see.toUpperCase(), 1) : undefined;
      this.cache.set(key, target ?? null);
      return target;
    }
    const topic = passages.length > 0 ? { name: key.toLowerCase(), words: [key.toLowerCase()], passages } : undefined;
    this.cache.set(key, topic ?? null);
    return topic;
  }
}

// Longer passages (a whole psalm) are not what a short answer quotes.
const LONGEST = 8;

/**
 * Nave's lists "Job 31:29, 30" as two references: verses next to each other become one passage, and
 * passages longer than LONGEST verses, or repeated, are left out.
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

/** "Exod.23.5" → "Exodus 23:5"; "Ps.35.1-Ps.35.28" → "Psalms 35:1-28"; "Matt.5.43-Matt.6.4" → "Matthew 5:43-6:4". */
export function osisToReference(osis: string): string | undefined {
  const [from, to] = osis.split('-').map((part) => /^([1-3]?[A-Za-z]+)\.(\d+)(?:\.(\d+))?$/.exec(part));
  const book = from ? bookByOsis(from[1]!) : undefined;
  if (!from || !book) return undefined;
  const [chapter, verse] = [Number(from[2]), from[3] ? Number(from[3]) : undefined];
  // An end in another book, or without verses, leaves the start alone.
  const end = to && verse !== undefined && to[3] && bookByOsis(to[1]!) === book ? { chapter: Number(to[2]), verse: Number(to[3]) } : undefined;
  return formatReference({ book, chapter, verse, endChapter: end?.chapter ?? chapter, endVerse: end?.verse ?? verse });
}

/** Nave's from the SWORD modules on this machine, when there (see installed-source.ts). */
export function naveTopics(config: SourceRoots, crossReferences: CrossReferences, log: { warn(message: string): void }): NaveTopics | undefined {
  return installedSource('Nave', config, log, (module) => NaveTopics.open(module, crossReferences), "uses Selah's own topics only");
}
