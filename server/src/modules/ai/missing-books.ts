import { resolveBook } from '#common/scripture/reference.ts';

/** Words that follow "the gospel of" in Scripture itself ("the gospel of Christ", "of the kingdom"): never a book's name. */
const NOT_A_NAME = new Set(['christ', 'god', 'jesus', 'lord', 'grace', 'peace', 'salvation', 'kingdom', 'the', 'his', 'our', 'your', 'my', 'this', 'that']);

/**
 * The Gospels, epistles and letters a question names that no book of the Bible is ("the Gospel of Thomas",
 * "the Epistle of Hezekiah"), each with what to say instead. A name the canon knows ("the letter to the
 * Romans", "the Gospel according to John", "Paul's letter to Timothy") is not one, nor are Scripture's own
 * phrases ("the gospel of Christ", "of grace", "of the kingdom").
 */
export function missingBooks(question: string): { phrase: string; correction: string }[] {
  const said = new Map<string, { phrase: string; correction: string }>();
  const pattern = /\b(gospel|epistle|letter)\s+(of|to|according\s+to)\s+(?:(?:saint|st\.?)\s+)?(the\s+)?([a-z]+)\b/gi;
  for (const [phrase, kind, joint, the, name] of question.matchAll(pattern)) {
    if (NOT_A_NAME.has(name!.toLowerCase()) || resolveBook(name!) || resolveBook(name!.replace(/s$/i, ''))) continue;
    const title = `${kind![0]!.toUpperCase()}${kind!.slice(1).toLowerCase()} ${joint!.toLowerCase().replace(/\s+/g, ' ')} ${the ? 'the ' : ''}${name![0]!.toUpperCase()}${name!.slice(1).toLowerCase()}`;
    const correction =
      kind!.toLowerCase() === 'gospel'
        ? `“The ${title}” is not in the Bible: its Gospels are Matthew, Mark, Luke and John.`
        : `“The ${title}” is not in the Bible: none of its books has that name.`;
    said.set(correction, { phrase, correction });
  }
  return [...said.values()];
}
