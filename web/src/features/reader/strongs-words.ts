import type { VerseNode } from '#common/scripture/content.ts';

/** A word of a verse and a Strong's number it carries, for the verse menu's word study. */
export interface StrongsWord {
  text: string;
  number: string;
}

/** The verse's words carrying Strong's numbers, in reading order, each word and number once. */
export function strongsWords(content: readonly VerseNode[]): StrongsWord[] {
  const words: StrongsWord[] = [];
  const seen = new Set<string>();
  for (const node of content) {
    if (node.type !== 'text' || !node.strongs?.length) continue;
    const text = node.text
      .replace(/\s+/g, ' ')
      .trim()
      .replace(/[.,;:!?]+$/, '');
    if (!text) continue;
    for (const number of node.strongs) {
      const key = `${text.toLowerCase()}|${number}`;
      if (seen.has(key)) continue;
      seen.add(key);
      words.push({ text, number });
    }
  }
  return words;
}
