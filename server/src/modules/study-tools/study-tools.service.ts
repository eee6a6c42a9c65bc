import type {
  CommentariesReply,
  CrossReference,
  CrossReferencesReply,
  DictionaryEntryReply,
  DictionaryNamesReply,
  StrongsReply,
  TopicMatchesReply,
  TopicReference,
  TopicReply,
  TopicsReply,
  TopicSummary,
} from '#common/contracts/study-tools.ts';
import {
  CROSS_REFERENCE_VERSES_MAX,
  CROSS_REFERENCES_MAX,
  TOPIC_MATCHES_MAX,
  TOPIC_PAGE_REFERENCES,
  TOPIC_PASSAGE_TEXT_VERSES,
  TOPIC_VERSE_TEXTS_MAX,
} from '#common/contracts/study-tools.ts';
import { tokenize } from '#common/scripture/tokenize.ts';
import { verseCount, type CanonBook } from '#common/scripture/canon.ts';
import { formatVerseReference } from '#common/scripture/verse-id.ts';
import { formatReference, parseReference, type PassageRange } from '#common/scripture/reference.ts';
import { NotFound } from '../../lib/errors.ts';
import { BUILT_IN_CROSS_REFERENCES, type CrossReferences } from '../../scripture/cross-references/cross-references.ts';
import type { InstalledCrossReferences } from './installed-cross-references.ts';
import type { BibleService } from '../bible/bible.service.ts';
import type { InstalledCommentaries } from './installed-commentaries.ts';
import type { StrongsLexicons } from './strongs-lexicons.ts';
import type { BibleDictionaries } from './bible-dictionaries.ts';
import { namesIn } from '../../scripture/dictionary/verse-names.ts';
import { wordCasesOf } from '../../scripture/dictionary/translation-word-cases.ts';
import { strongsIndexOf } from '../../scripture/strongs/strongs-index.ts';
import { strongsNumber } from '../../scripture/strongs/strongs-entry.ts';
import type { LoadedTranslation } from '../../scripture/store/bible-store.ts';
import { osisRange } from '../../scripture/topics/osis-references.ts';
import { topicTitle } from '../../scripture/topics/topical-index.ts';
import { topicPages } from '../../scripture/topics/topic-pages.ts';
import type { TopicalLine } from '../../scripture/topics/topical-entry.ts';
import type { InstalledTopics } from './installed-topics.ts';

/** The study panel's tools (issue 30 §3): commentaries, cross references, word study and dictionary. */
export class StudyToolsService {
  constructor(
    private readonly bible: BibleService,
    private readonly commentaries: InstalledCommentaries,
    private readonly crossReferences: CrossReferences,
    private readonly lexicons: StrongsLexicons,
    private readonly dictionaries: BibleDictionaries,
    private readonly topicalIndexes: InstalledTopics,
    private readonly moduleCrossReferences: InstalledCrossReferences,
  ) {}

  /** The verse's names (in the translation asked for, held here, else the default) that an installed Bible dictionary has. */
  dictionaryNames(bookName: string, chapter: number, verse: number, translationCode: string | undefined): DictionaryNamesReply {
    const book = this.verse(bookName, chapter, verse);
    const translation = this.localOrDefault(translationCode);
    const installed = this.dictionaries.installed();
    const text = installed ? translation.verseText(book, chapter, verse) : undefined;
    if (!text) return { translation: translation.code, names: [], installed };
    const having = new Map<string, DictionaryNamesReply['names'][number]['dictionaries']>();
    const names = namesIn(text, wordCasesOf(translation), (key) => {
      const found = this.dictionaries.having(key);
      if (found) having.set(found.key, found.dictionaries);
      return found?.key;
    });
    return { translation: translation.code, names: names.map((name) => ({ ...name, dictionaries: having.get(name.key) ?? [] })), installed };
  }

  dictionaryEntry(key: string): DictionaryEntryReply {
    const entry = this.dictionaries.entry(key);
    if (!entry) throw new NotFound(`No installed Bible dictionary has an entry on "${key}".`);
    return entry;
  }

  /** A page of the installed topics' names: those starting with q (or the letter) first, then those holding q elsewhere. */
  topics(query: { q?: string; letter?: string; offset: number; limit: number }): TopicsReply {
    const all = this.topicalIndexes.all();
    const q = (query.q ?? '').toUpperCase();
    const letter = query.letter?.toUpperCase();
    const starting = all.filter((t) => (!letter || t.name.toUpperCase().startsWith(letter)) && t.name.toUpperCase().startsWith(q));
    const holding = q ? all.filter((t) => (!letter || t.name.toUpperCase().startsWith(letter)) && t.name.toUpperCase().indexOf(q) > 0) : [];
    const found = [...starting, ...holding];
    return {
      topics: found.slice(query.offset, query.offset + query.limit),
      total: found.length,
      offset: query.offset,
      limit: query.limit,
      installed: this.topicalIndexes.installed(),
    };
  }

  /**
   * One page of a topic: its sub-headings, each reference with its text (short passages, within a cap
   * a page), and the topics the whole entry links to. A big entry is cut into pages (topicPages).
   */
  topic(name: string, translationCode: string | undefined, page = 1): TopicReply {
    const found = this.topicalIndexes.find(name);
    if (!found) throw new NotFound(`No installed topical index has the topic “${name}”.`);
    const pages = topicPages(found.entry.headings, TOPIC_PAGE_REFERENCES);
    if (page > pages.length) throw new NotFound(`“${name}” has ${pages.length === 1 ? 'one page' : `${pages.length} pages`}, so there is no page ${page}.`);
    const translation = this.localOrDefault(translationCode);
    let textVerses = 0;
    const reference = (osis: string): TopicReference[] => {
      const range = osisRange(osis);
      if (!range) return [];
      let text: string | null = null;
      if (range.verse !== undefined && textVerses < TOPIC_VERSE_TEXTS_MAX) {
        const verses = this.bible.passageVerses(translation, range, TOPIC_PASSAGE_TEXT_VERSES + 1);
        if (verses.length > 0 && verses.length <= TOPIC_PASSAGE_TEXT_VERSES) {
          textVerses += verses.length;
          text = verses.map((v) => v.text).join(' ');
        }
      }
      return [{ reference: formatReference(range), book: range.book.name, chapter: range.chapter, verse: range.verse ?? null, text }];
    };
    const linkOf = (see: TopicalLine['see'][number]) => this.topicalIndexes.linked(found.index, see.key);
    const line = (l: TopicalLine) => ({
      title: l.title,
      references: l.references.flatMap(reference),
      see: l.see.map((see) => ({ name: linkOf(see)?.name ?? null, label: topicTitle(see.label) })),
    });
    const headings = pages[page - 1]!.map(({ heading, items, continued }) => ({
      ...(continued ? { title: heading.title, references: [], see: [] } : line(heading)),
      items: items.map(line),
      continued,
    }));
    const lines = found.entry.headings.flatMap((h) => [h, ...h.items]);
    const related: TopicSummary[] = [];
    for (const see of lines.flatMap((l) => l.see)) {
      const topic = linkOf(see);
      if (topic && topic.name !== found.name && !related.some((r) => r.name === topic.name)) related.push(topic);
    }
    const { conf } = found.index.module;
    return {
      ...this.topicalIndexes.summary(found.name)!,
      name: found.name,
      module: found.index.module.name,
      source: conf.get('Description')?.trim() || found.index.module.name,
      licence: conf.get('DistributionLicense')?.trim() || 'Licence not stated',
      translation: translation.code,
      headings,
      page,
      pageCount: pages.length,
      related,
      referenceCount: lines.reduce((n, l) => n + l.references.filter((osis) => osisRange(osis) !== undefined).length, 0),
    };
  }

  /** The topics a search's words name: the whole query when it is a topic's name, then its words' topics (as the AI finds them). */
  topicMatches(q: string): TopicMatchesReply {
    const whole = this.topicalIndexes.summary(q);
    const byWords = this.topicalIndexes.namedBy(tokenize(q).map((t) => t.term));
    const topics = [...(whole ? [whole] : []), ...byWords.filter((t) => t.name !== whole?.name)];
    return { topics: topics.slice(0, TOPIC_MATCHES_MAX) };
  }

  /** The word study of a Strong's number: its dictionary entry and the verses of the translation carrying it. */
  async strongs(raw: string, translationCode: string | undefined): Promise<StrongsReply> {
    const number = strongsNumber(raw);
    if (!number) throw new NotFound(`${raw} is not a Strong's number.`);
    const translation = this.localOrDefault(translationCode);
    const entry = this.lexicons.entry(number);
    const verses = (await strongsIndexOf(translation)).carrying(number);
    if (!entry && verses.length === 0) throw new NotFound(`No installed dictionary has ${number}, and no verse of the ${translation.code} carries it.`);
    const books: StrongsReply['occurrences']['books'] = [];
    for (const v of verses) {
      const last = books.at(-1);
      if (last?.book === v.book.name) last.count++;
      else books.push({ book: v.book.name, name: translation.book(v.book)?.name ?? v.book.name, count: 1, first: { chapter: v.chapter, verse: v.verse } });
    }
    return {
      number,
      lexicon: entry?.lexicon ?? null,
      word: entry?.word ?? null,
      transliteration: entry?.transliteration ?? null,
      pronunciation: entry?.pronunciation ?? null,
      definition: entry?.definition ?? [],
      occurrences: { translation: translation.code, total: verses.length, books },
    };
  }

  commentariesOn(bookName: string, chapter: number, verse: number): CommentariesReply {
    const book = this.verse(bookName, chapter, verse);
    const { entries, installed } = this.commentaries.on(book, chapter, verse);
    return { commentaries: entries, installed };
  }

  /**
   * The npm data's references, best known first, then those only the installed modules give (a Treasury,
   * a Bible's notes), in module-name order; each passage once, with every source that gives it.
   */
  crossReferencesOf(bookName: string, chapter: number, verse: number, translationCode: string | undefined): CrossReferencesReply {
    const book = this.verse(bookName, chapter, verse);
    // A translation not held here (a licensed one, a mistyped code) reads in the site's default instead.
    const translation = this.localOrDefault(translationCode);
    const found = new Map<string, { range: PassageRange; sources: CrossReference['sources'] }>();
    const add = (range: PassageRange, source: CrossReference['sources'][number], max: number) => {
      const key = formatReference(range);
      const known = found.get(key);
      if (known) {
        if (!known.sources.some((s) => s.module === source.module)) known.sources.push(source);
      } else if (max > 0) found.set(key, { range, sources: [source] });
    };
    const builtIn = { module: null, name: BUILT_IN_CROSS_REFERENCES };
    for (const reference of this.crossReferences.related(formatVerseReference(book, chapter, verse), CROSS_REFERENCES_MAX)) {
      const range = parseReference(reference);
      if (range && range.verse !== undefined) add(range, builtIn, 1);
    }
    for (const module of this.moduleCrossReferences.on(book, chapter, verse)) {
      let room = CROSS_REFERENCES_MAX;
      for (const range of module.references) {
        const before = found.size;
        add(range, { module: module.module, name: module.name }, room);
        if (found.size > before) room--;
      }
    }
    const references = [...found.entries()].map(([reference, { range, sources }]) => ({
      reference,
      book: range.book.name,
      chapter: range.chapter,
      verse: range.verse!,
      text: this.passageText(translation, range),
      sources,
    }));
    return { translation: translation.code, references };
  }

  /** A verse's text, or a short passage's verses joined (a long one's first CROSS_REFERENCE_VERSES_MAX). */
  private passageText(translation: LoadedTranslation, range: PassageRange): string {
    if (range.endChapter === range.chapter && (range.endVerse ?? range.verse) === range.verse) {
      return translation.verseText(range.book, range.chapter, range.verse!) ?? '';
    }
    return this.bible
      .passageVerses(translation, range, CROSS_REFERENCE_VERSES_MAX)
      .map((v) => v.text)
      .join(' ');
  }

  private localOrDefault(translationCode: string | undefined): LoadedTranslation {
    return translationCode && this.bible.localTranslations().some((t) => t.code === translationCode)
      ? this.bible.translation(translationCode)
      : this.bible.translation(undefined);
  }

  /** The book, when the verse is in the Bible (in KJV numbering, or in any translation held here). */
  private verse(bookName: string, chapter: number, verse: number): CanonBook {
    const book = this.bible.book(bookName);
    if (chapter > book.chapters)
      throw new NotFound(`${book.name} has ${book.chapters} chapter${book.chapters === 1 ? '' : 's'}, so there is no chapter ${chapter}.`);
    const last = Math.max(verseCount(book, chapter) ?? 0, this.bible.chapterShape(book.name, chapter)?.lastVerse ?? 0);
    if (verse > last) throw new NotFound(`${book.name} ${chapter} has ${last} verses, so there is no verse ${verse}.`);
    return book;
  }
}
