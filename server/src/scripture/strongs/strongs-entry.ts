/** A Strong's number as a reader may type it ("g26", "H02617"): its stored form ("G26"), or undefined when it is not one. */
export function strongsNumber(raw: string): string | undefined {
  const match = /^([GH])(\d{1,5})$/i.exec(raw.trim());
  if (!match) return undefined;
  return `${match[1]!.toUpperCase()}${Number(match[2])}`;
}

/** The fields of a Strong's dictionary entry, as plain text. */
export interface StrongsEntry {
  word: string | null;
  transliteration: string | null;
  pronunciation: string | null;
  definition: string[];
}

// The paragraph separator: whitespace to the collapsing below, so it must be left out of it by name.
const BREAK = '\u2029';

/**
 * Reads an entry of the SWORD Strong's dictionaries (TEI: `<orth>` the word, `<orth type="trans">` its
 * transliteration, `<pron>` its pronunciation, then the derivation and `<def>`, lines broken by `<lb/>`).
 * The Hebrew one marks words in braces ("{first}"), which are dropped; so is the Greek one's Beta-code spelling.
 */
export function parseStrongsEntry(markup: string): StrongsEntry {
  let rest = markup.replace(/<orth\b[^>]*type="writing"[^>]*>[\s\S]*?<\/orth>/g, '');
  const take = (pattern: RegExp): string | null => {
    const found = pattern.exec(rest);
    if (!found) return null;
    rest = rest.slice(0, found.index) + rest.slice(found.index + found[0].length);
    return plain(found[1]!).replace(BREAK, ' ').trim() || null;
  };
  const word = take(/<orth>([\s\S]*?)<\/orth>/);
  const transliteration = take(/<orth\b[^>]*type="trans"[^>]*>([\s\S]*?)<\/orth>/);
  const pronunciation = take(/<pron\b[^>]*>([\s\S]*?)<\/pron>/);
  const definition = plain(rest)
    .split(BREAK)
    .map((p) => p.trim())
    .filter((p) => p !== '');
  return { word, transliteration, pronunciation, definition };
}

function plain(markup: string): string {
  return (
    markup
      .replace(/<lb\s*\/>/g, BREAK)
      // A word and its transliteration are elements side by side: each stays a word of its own.
      .replace(/<\/(?:orth|pron)>/g, ' ')
      .replace(/<[^>]*>/g, '')
      .replace(/[{}]/g, '')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&apos;/g, "'")
      .replace(/&amp;/g, '&')
      .replace(/[^\S\u2029]+/g, ' ')
  );
}
