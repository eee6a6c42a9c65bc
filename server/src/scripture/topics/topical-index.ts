import { moduleTypeOf, type SwordConf } from '../sword/conf.ts';
import type { SwordModule } from '../sword/discover.ts';
import { ZLdReader } from '../sword/zld.ts';
import { LruCache } from '../../lib/lru.ts';
import { parseTopicalEntry, type TopicalEntry } from './topical-entry.ts';

/**
 * Whether a module is a topical index (Nave's, Torrey's). SWORD has no conf field for it (no Category or
 * Feature says "topical"): a dictionary is one when its Library of Congress heading (Nave's:
 * `LCSH=Bible--Indexes, Topical.`) or its title says "topical". The library's catalogue uses the same rule.
 */
export function isTopicalIndex(conf: SwordConf): boolean {
  const driver = conf.get('ModDrv');
  if (!driver || moduleTypeOf(driver) !== 'Dictionary') return false;
  return /topical/i.test(`${conf.get('LCSH') ?? ''} ${conf.get('Description') || conf.name}`);
}

// Words too general to name a topic, though Nave's has an entry for some of them.
const GENERAL = new Set(
  'also away christian christians come days does done even ever feel find give going good great help just keep know like live made make many mean means much must need never only other people really right same should show something still take tell thing things think time times used want ways well were world years'.split(
    ' ',
  ),
);

/**
 * A topical index read from its zLD module: its topic names (the module's keys), an entry parsed when
 * first asked for, and which topics a reader's words name. The AI, search and the /topics pages all read
 * topics through this, so a word names the same topic everywhere.
 */
export class TopicalIndex {
  /** Upper-cased key → the key as the module writes it. */
  private readonly byUpper = new Map<string, string>();
  /** One-word topics by their lower-cased name, for matching words. */
  private readonly oneWord = new Map<string, string>();
  private readonly parsed = new LruCache<string, TopicalEntry>(64);

  private constructor(private readonly reader: ZLdReader) {
    for (const key of reader.keys()) {
      const upper = key.toUpperCase();
      if (!this.byUpper.has(upper)) this.byUpper.set(upper, key);
      if (/^\p{L}+$/u.test(key)) this.oneWord.set(key.toLowerCase(), key);
    }
  }

  static open(module: SwordModule): TopicalIndex {
    return new TopicalIndex(ZLdReader.open(module));
  }

  get module(): SwordModule {
    return this.reader.module;
  }

  /** Every topic's name, in the module's order (SWORD sorts the keys). */
  names(): string[] {
    return [...this.byUpper.values()];
  }

  /** The topic's name as the module writes it, whatever the case asked ("forgiveness" → "FORGIVENESS"). */
  nameOf(name: string): string | undefined {
    return this.byUpper.get(name.trim().toUpperCase());
  }

  /** The entry of a topic, parsed; undefined when the module has no such topic. */
  entry(name: string): TopicalEntry | undefined {
    const key = this.nameOf(name);
    if (!key) return undefined;
    let entry = this.parsed.get(key);
    if (!entry) {
      const markup = this.reader.lookup(key);
      if (markup === undefined) return undefined;
      this.parsed.set(key, (entry = parseTopicalEntry(markup)));
    }
    return entry;
  }

  /**
   * The topic a "See …" link names. Nave's links to some entries by a shorter name than their key
   * ("ASS" for "ASS (DONKEY)", "ABSTINENCE" for "ABSTINENCE, TOTAL"): the first key that starts so stands for it.
   */
  linked(key: string): string | undefined {
    const upper = key.trim().toUpperCase();
    if (!upper) return undefined;
    const exact = this.byUpper.get(upper);
    if (exact) return exact;
    for (const [name, written] of this.byUpper) if (name.startsWith(`${upper} (`) || name.startsWith(`${upper},`)) return written;
    return this.wordTopic(upper.toLowerCase());
  }

  /** The topics the words name, the most specific (longest) word first; short and general words name none. */
  namedBy(words: readonly string[]): string[] {
    const terms = [...new Set(words.map((w) => w.toLowerCase()))].filter((w) => w.length >= 4 && !GENERAL.has(w)).sort((a, b) => b.length - a.length);
    const found: string[] = [];
    for (const term of terms) {
      const key = this.wordTopic(term);
      if (key && !found.includes(key)) found.push(key);
    }
    return found;
  }

  /**
   * The words a word's topic only points to: an entry with no passages of its own that says "See CARE"
   * names the same thing by another word ("anxiety" → "care"). An entry with passages and "see also"
   * links points to neighbours instead (ANGER → KINDNESS), which are not the same thing.
   */
  synonymsOf(term: string): string[] {
    const word = term.toLowerCase();
    const key = word.length >= 4 && !GENERAL.has(word) ? this.wordTopic(word) : undefined;
    const entry = key ? this.entry(key) : undefined;
    const lines = entry?.headings.flatMap((heading) => [heading, ...heading.items]) ?? [];
    if (lines.some((line) => line.references.length > 0)) return [];
    const words = lines.flatMap((line) => line.see.map((see) => see.key.toLowerCase())).filter((w) => /^\p{L}+$/u.test(w) && w !== word);
    return [...new Set(words)];
  }

  /** The one-word topic a word names: as written, its singular, and the forms Nave's names topics by ("tithe" → TITHES, "fast" → FASTING). */
  private wordTopic(term: string): string | undefined {
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
      const key = this.oneWord.get(form);
      if (key) return key;
    }
    // "jealous" → JEALOUSY, at most two letters more; not for short words ("treat" is not TREATY).
    if (term.length < 6) return undefined;
    for (const [lower, key] of this.oneWord) if (lower.startsWith(term) && lower.length - term.length <= 2) return key;
    return undefined;
  }
}

const SMALL_WORDS = new Set(['a', 'an', 'and', 'as', 'at', 'by', 'for', 'from', 'in', 'into', 'of', 'on', 'or', 'the', 'to', 'with']);

/**
 * A topic's name as a person reads it: Nave's keys are in capitals ("ANGER OF GOD", "ASS (DONKEY)",
 * "BEN-DEKAR (R. V.)") and become "Anger of God", "Ass (Donkey)", "Ben-Dekar (R. V.)". A name already
 * in mixed case is left as it is.
 */
export function topicTitle(name: string): string {
  if (/\p{Ll}/u.test(name)) return name;
  let first = true;
  return name.toLowerCase().replace(/\p{L}+/gu, (word, at: number) => {
    // "Jesus, The Christ" keeps its capital after the comma; "Father-in-Law" drops it after a hyphen.
    const small = !first && SMALL_WORDS.has(word) && (name[at - 1] === '-' || (name[at - 1] === ' ' && name[at - 2] !== ','));
    first = false;
    return small ? word : word[0]!.toUpperCase() + word.slice(1);
  });
}
