import { bookByOsis, type CanonBook } from '#common/scripture/canon.ts';
import type { TranslationCategory } from '#common/scripture/categories.ts';
import type { VerseNode } from '#common/scripture/content.ts';
import { OsisConverter } from '../osis/osis-to-nodes.ts';
import { ImportError, type ImportedBible, type ImportedBook, type TranslationMeta } from '../importers/types.ts';
import type { SwordModule } from './discover.ts';
import { ZVerseReader } from './ztext.ts';

/**
 * A SWORD Bible module (zText/zText4, OSIS markup) as an ImportedBible. Books are walked in the
 * module's versification; books with no text are left out, and so are empty and linked verse slots
 * (a linked slot repeats the text of the slot before it).
 */
export function importSwordBible(module: SwordModule): ImportedBible {
  if (module.type !== 'Bible' || !/^ztext4?$/i.test(module.driver)) {
    throw new ImportError(module.name, 'ModDrv', `${module.driver} is not a zText Bible module`);
  }
  const sourceType = module.conf.get('SourceType') ?? 'Plaintext';
  if (sourceType.toUpperCase() !== 'OSIS') {
    throw new ImportError(module.name, 'SourceType', `${sourceType} markup is not supported (only OSIS)`);
  }
  const reader = ZVerseReader.open(module);
  const hasEpJer = reader.hasBook('EpJer');
  const books = new Map<string, ImportedBook>();

  for (const vBook of reader.versification.books) {
    const canon = canonBookFor(vBook.osis);
    // Books CANON does not know (Odes, 1 Enoch, Laodiceans, Psalms of Solomon, Luther's AddDan) are skipped.
    if (!canon) continue;
    const converter = new OsisConverter();
    for (const entry of reader.bookEntries(vBook.osis, { intros: true })) {
      if (entry.verse === 0) {
        converter.intro(entry.markup);
        continue;
      }
      if (entry.linked) continue;
      let content: VerseNode[];
      try {
        content = converter.verse(entry.markup);
      } catch (e) {
        throw new ImportError(module.name, `${vBook.osis} ${entry.chapter}:${entry.verse}`, (e as Error).message);
      }
      if (!content.some((n) => n.type === 'text')) continue;
      // KJVA and NRSVA print the Letter of Jeremiah as Baruch 6; CANON has it as a book of its own.
      if (canon.osis === 'Bar' && entry.chapter === 6 && !hasEpJer) {
        addVerse(books, 'EpJer', 1, entry.verse, content);
        continue;
      }
      addVerse(books, canon.osis, entry.chapter, entry.verse, content);
    }
    const found = books.get(canon.osis);
    if (found) {
      const { name, nameLong } = converter.titles;
      if (name && !found.name) found.name = name;
      if (nameLong && !found.nameLong) found.nameLong = nameLong;
    }
  }
  if (books.size === 0) throw new ImportError(module.name, 'whole module', 'no verses found');

  // Our canonical order, whatever order the versification keeps its books in.
  const ordered = [...books.values()].sort((a, b) => bookByOsis(a.osis)!.order - bookByOsis(b.osis)!.order);
  return { meta: swordTranslationMeta(module), books: ordered };
}

function addVerse(books: Map<string, ImportedBook>, osis: string, chapter: number, verse: number, content: VerseNode[]): void {
  let book = books.get(osis);
  if (!book) {
    book = { osis, verses: [] };
    books.set(osis, book);
  }
  book.verses.push({ chapter, verse, content });
}

// SWORD's ids for books CANON files under another id.
const CANON_ALIASES: Record<string, string> = {
  // Greek Esther with its additions in place: USFM's ESG, which is CANON's AddEsth.
  EsthGr: 'AddEsth',
};

function canonBookFor(swordOsis: string): CanonBook | undefined {
  return bookByOsis(CANON_ALIASES[swordOsis] ?? swordOsis);
}

const LANGUAGE_NAMES: Record<string, string> = {
  en: 'English',
  es: 'Spanish',
  fr: 'French',
  de: 'German',
  pt: 'Portuguese',
  it: 'Italian',
  nl: 'Dutch',
  la: 'Latin',
  grc: 'Greek',
  el: 'Greek',
  he: 'Hebrew',
  hbo: 'Hebrew',
  zh: 'Chinese',
  ko: 'Korean',
  ru: 'Russian',
  ar: 'Arabic',
};

/** Translation metadata from the .conf; the caller resolves code collisions. */
export function swordTranslationMeta(module: SwordModule): TranslationMeta {
  const conf = module.conf;
  const code = (conf.get('Abbreviation') ?? module.name).toUpperCase().replace(/[^A-Z0-9]/g, '');
  const language = conf.get('Lang')?.trim() || 'en';
  const primary = language.split('-')[0]!.toLowerCase();
  // Descriptions do not reliably say how a translation translates, so the default is by language only.
  const category: TranslationCategory = primary === 'en' ? 'Word-for-Word' : 'International';
  const licence = [conf.get('DistributionLicense'), conf.get('Copyright') ?? conf.get('ShortCopyright')]
    .filter((s): s is string => !!s?.trim())
    .filter((s, i, all) => all.findIndex((t) => t.toLowerCase() === s.toLowerCase()) === i)
    .join('; ');
  return {
    code,
    name: conf.get('Description')?.trim() || module.name,
    language,
    languageName: LANGUAGE_NAMES[primary] ?? language,
    category,
    licence: licence || 'Unknown (see the module’s .conf)',
    source: `sword:${module.name}`,
    direction: conf.get('Direction')?.toUpperCase() === 'RTOL' ? 'rtl' : 'ltr',
  };
}
