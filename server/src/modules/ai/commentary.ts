import { plainText } from '#common/scripture/content.ts';
import type { PassageRange } from '#common/scripture/reference.ts';
import { tokenize } from '#common/scripture/tokenize.ts';
import { osisToNodes } from '../../scripture/osis/osis-to-nodes.ts';
import type { CommentaryNote } from '../../providers/ai/answer-engine.ts';
import type { SwordModule } from '../../scripture/sword/discover.ts';
import { installedSource, type SourceRoots } from './installed-source.ts';
import { ZVerseReader } from '../../scripture/sword/ztext.ts';

const EXCERPT_WORDS = 70;

/**
 * A public-domain commentary installed as a SWORD module (Matthew Henry's Concise Commentary, Debian's
 * sword-comm-mhcc), for questions about a passage. Its comments cover whole sections ("Verses 1-21"), so
 * the sentences sharing the most words with the passage are the ones quoted.
 */
export class Commentary {
  private constructor(
    private readonly reader: ZVerseReader,
    readonly source: string,
  ) {}

  static open(module: SwordModule): Commentary {
    return new Commentary(ZVerseReader.open(module), module.conf.get('Description') ?? module.name);
  }

  on(range: PassageRange, passageText: string): CommentaryNote | undefined {
    if (range.verse === undefined) return undefined;
    const entry = this.reader.commentaryEntry(range.book.osis, range.chapter, range.verse);
    if (!entry) return undefined;
    const text = plainText(osisToNodes(entry.markup, { keepIntroductions: true }));
    const excerpt = nearestSentences(text, passageText);
    return excerpt ? { source: this.source, on: `${range.book.name} ${range.chapter}`, excerpt } : undefined;
  }
}

// Word beginnings, so "careful" meets "care" and "prayer" meets "pray".
const stems = (text: string) => new Set(tokenize(text).flatMap((t) => (t.term.length >= 4 ? [t.term.slice(0, 4)] : [])));

/**
 * The sentence sharing the most words with the passage (with `every`, only one sharing all of them), and
 * the next while they fit, in single quotes.
 */
export function nearestSentences(comment: string, passage: string, { every = false }: { every?: boolean } = {}): string | undefined {
  const sentences = comment
    .replace(/\bVerses? \d+(?:-\d+)?\s*/g, '')
    .split(/(?<=[.!?])\s+(?=[A-Z'"“‘])/)
    .map((s) => s.trim())
    .filter(Boolean);
  const wanted = stems(passage);
  let best = -1;
  let bestScore = 0;
  sentences.forEach((sentence, i) => {
    const score = [...stems(sentence)].filter((s) => wanted.has(s)).length;
    if (score > bestScore && (!every || score === wanted.size)) [best, bestScore] = [i, score];
  });
  if (best < 0) return undefined;
  let words = sentences[best]!.split(/\s+/);
  for (const next of sentences.slice(best + 1)) {
    const more = next.split(/\s+/);
    if (words.length + more.length > EXCERPT_WORDS) break;
    words = [...words, ...more];
  }
  const cut = words.length > EXCERPT_WORDS ? `${words.slice(0, EXCERPT_WORDS).join(' ')} …` : words.join(' ');
  // Its quotation marks become single ones, so no quotation in it is taken for the answer's own.
  return cut
    .replace(/--/g, '—')
    .replace(/(^|[\s—(])["“]/g, '$1‘')
    .replace(/["”]/g, '’');
}

/** Matthew Henry's from the SWORD modules on this machine, when there (see installed-source.ts). */
export function installedCommentary(config: SourceRoots, log: { warn(message: string): void }): Commentary | undefined {
  return installedSource('MHCC', config, log, (module) => Commentary.open(module), 'answers without a commentary');
}
