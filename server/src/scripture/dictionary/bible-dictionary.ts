import type { SwordConf } from '../sword/conf.ts';

/**
 * Whether a SWORD dictionary-driver module is a Bible dictionary (Easton's, Smith's, ISBE, Hitchcock's
 * names), to link a verse's names to. The same driver carries other works, told apart by their conf:
 * - lexicons keyed by Strong's number or of a language's words: `Feature=GreekDef`/`HebrewDef` (and the
 *   parsing ones), or a Library of Congress heading "<language> language--Dictionaries";
 * - topical indexes (Nave's, Torrey's): no field says so but the heading ("Bible--Indexes, Topical.") or
 *   the title, as the library's catalogue reads them;
 * - daily devotionals, glossaries, maps and pictures: their `Feature` or `Category`.
 * What is left is a dictionary of words and names, which is what a reader tapping a name wants.
 */
export function isBibleDictionary(conf: SwordConf): boolean {
  const features = conf.getAll('Feature').map((f) => f.trim().toLowerCase());
  if (features.some((f) => NOT_DICTIONARY_FEATURES.has(f))) return false;
  if (NOT_DICTIONARY_CATEGORY.test(conf.get('Category') ?? '')) return false;
  const heading = conf.get('LCSH') ?? '';
  if (/language--Dictionaries/i.test(heading)) return false;
  return !/topical|devotion/i.test(`${heading} ${conf.get('Description') ?? ''}`);
}

const NOT_DICTIONARY_FEATURES = new Set(['greekdef', 'hebrewdef', 'greekparse', 'hebrewparse', 'dailydevotion', 'glossary', 'images']);
const NOT_DICTIONARY_CATEGORY = /daily devotional|glossar|maps|images/i;
