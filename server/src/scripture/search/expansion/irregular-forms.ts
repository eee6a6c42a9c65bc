import nounExceptions from 'wink-lexicon/src/wn-noun-exceptions.js';
import verbExceptions from 'wink-lexicon/src/wn-verb-exceptions.js';

/**
 * The forms of an English word that no stemmer joins to it: "weep" and "wept", "slay" and "slew" or
 * "slain", "child" and "children", "smite" and "smote". WordNet's exception lists (as wink-lexicon
 * ships them) name each irregular form's base; only the forms the translation's own words hold are kept,
 * so a text is asked only for what it says. Adjectives are left out: "best" is not "good".
 *
 * They stand in for a word (query-expansion.ts) rather than being the word itself: "lie" is also
 * "lay", "left" also "leave", "ground" also "grind", and a search for the words asked keeps to them.
 */
export class IrregularForms {
  private constructor(
    /** Forms by their base's stem, so "weeping" finds "wept" as "weep" does. */
    private readonly families: ReadonlyMap<string, readonly string[]>,
    /** Each form's base's stem ("wept" → "weep"). */
    private readonly bases: ReadonlyMap<string, string>,
    private readonly stem: (term: string) => string,
  ) {}

  /** `has`: whether the text has the (normalised) word; `stem`: its stemmer. */
  static of(has: (term: string) => boolean, stem: (term: string) => string): IrregularForms {
    const families = new Map<string, string[]>();
    const bases = new Map<string, string>();
    for (const exceptions of [verbExceptions, nounExceptions]) {
      for (const [form, base] of Object.entries(exceptions)) {
        // Regular forms are the stemmer's; phrases ("aides-de-camp") are not one word of a verse.
        if (!has(form) || !/^[a-z]+$/.test(form) || stem(form) === stem(base)) continue;
        const key = stem(base);
        const family = families.get(key) ?? (has(base) ? [base] : []);
        if (!family.includes(form)) family.push(form);
        families.set(key, family);
        bases.set(form, key);
      }
    }
    return new IrregularForms(families, bases, stem);
  }

  /** The other forms of `term` in the text: as a base ("weep", "weeping" → "wept"), or through its base ("wept" → "weep"). */
  of(term: string): string[] {
    const key = this.bases.get(term) ?? this.stem(term);
    return (this.families.get(key) ?? []).filter((form) => form !== term && this.stem(form) !== this.stem(term));
  }
}
