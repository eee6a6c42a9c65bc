import { LRUCache } from 'lru-cache';
import { formatReference, parseReference, resolveBook, type PassageRange } from '#common/scripture/reference.ts';
import { CANON } from '#common/scripture/canon.ts';
import type { SearchQuery, SearchResponse, VerseItem } from '#common/contracts/bible.ts';
import { Invalid, Upstream } from '../../lib/errors.ts';
import { ProviderFailure } from '../../scripture/licensed/api-bible-client.ts';
import type { LicensedSearch, LicensedTranslation } from '../../scripture/licensed/licensed-catalogue.ts';
import type { BibleStore, LoadedTranslation } from '../../scripture/store/bible-store.ts';
import { parseQuery } from '#common/scripture/search/parse-query.ts';
import { strongsNumber } from '../../scripture/strongs/strongs-entry.ts';
import { strongsIndexNow, strongsIndexOf } from '../../scripture/strongs/strongs-index.ts';
import type { CanonBook } from '#common/scripture/canon.ts';
import { matchOffsets, SearchIndex, type RelatedWord } from '../../scripture/search/search-index.ts';
import { ParallelWordPairs } from '../../scripture/search/expansion/parallel-pairs.ts';
import { WordNet } from '../../scripture/search/expansion/wordnet.ts';
import { IrregularForms } from '../../scripture/search/expansion/irregular-forms.ts';
import { expandQuery, type TopicSynonyms } from '../../scripture/search/expansion/query-expansion.ts';
import { stemmerFor, stopWords } from '#common/scripture/search/word-forms.ts';
import { inScope, searchHit, wordMatches } from '#common/scripture/search/word-matches.ts';
import { SpellingVocabulary, suggestQuery } from '#common/scripture/spelling.ts';
import type { BibleService } from '../bible/bible.service.ts';
import { prepareBody, type PreparedBody } from '../../lib/prepared-body.ts';
import { NO_METER, type CacheMeter } from '../../lib/metrics/metrics.ts';

/** Passages longer than this (a whole book asked as a reference) are cut; the reader shows the rest. */
const MAX_PASSAGE_VERSES = 200;
/** "Passages that speak to this": the best few by meaning, above the word matches. */
const MEANING_RESULTS = 5;
/** How long the first search of a text waits for its word pairs before going on without them. */
const PAIRS_WAIT_MS = 5_000;
/** Translations read to learn a text's word pairs: the fullest few others of its language. */
const PAIR_SOURCES = 3;

export class SearchService {
  /** The indexes of the translations searched lately, within BIBLE_MEMORY_MB's share (rebuilt in ~0.2 s when asked again). */
  private readonly indexes: LRUCache<string, SearchIndex>;
  /** Each translation's words for "Did you mean …?", built on its first search with an unknown word (the last few kept). */
  private readonly vocabularies = new LRUCache<string, SpellingVocabulary>({ max: 8 });
  /** Recent searches, answered again from their prepared bytes (about 15 KB each); results change only when a translation does. */
  private readonly prepared = new LRUCache<string, PreparedBody>({ max: 500 });

  /** Each translation's word pairs learned from the others of its language, once learnt (kept: some hundred KB each). */
  private readonly pairs = new Map<string, ParallelWordPairs>();
  private readonly learning = new Map<string, Promise<void>>();
  /** WordNet, for English texts, when its package is installed. */
  private readonly wordNet = WordNet.installed();
  /** Each English index's irregular forms ("wept" for "weep"), kept for its words on its first search by meaning. */
  private readonly irregular = new WeakMap<SearchIndex, IrregularForms>();
  /** The installed topical indexes, once the study tools give them (`useTopics`). */
  private topics?: TopicSynonyms;

  constructor(
    private readonly store: BibleStore,
    private readonly bible: BibleService,
    /** Counts the lookups of the kept replies and indexes (for /metrics). */
    private readonly meters: { replies: CacheMeter; indexes: CacheMeter } = { replies: NO_METER, indexes: NO_METER },
  ) {
    this.indexes = new LRUCache({ maxSize: store.budget.searchIndexes, sizeCalculation: (index) => index.approximateBytes });
    // A re-imported translation must not be searched through its old index, nor answered from old replies.
    store.onChange((code) => {
      this.indexes.delete(code);
      this.vocabularies.delete(code);
      this.prepared.clear();
      // Any text may be another's source of pairs.
      this.pairs.clear();
      this.learning.clear();
    });
  }

  /**
   * The installed topical indexes: their entries that only point to another word ("ANXIETY. See CARE")
   * stand in for the words asked. The study tools, set up after search, give them.
   */
  useTopics(topics: TopicSynonyms): void {
    this.topics = topics;
    this.prepared.clear();
  }

  /** A topical index was installed or removed: replies kept from before may have had other stand-ins. */
  topicsChanged(): void {
    this.prepared.clear();
  }

  /**
   * Learns the translation's word pairs from the other local texts of its language, in slices so other
   * requests go on meanwhile (a few seconds of work, once); resolved when they are known. Searches asked
   * before go on without them.
   */
  expansionReady(code: string | undefined): Promise<void> {
    let translation: LoadedTranslation;
    try {
      translation = this.bible.translation(code);
    } catch {
      return Promise.resolve();
    }
    if (this.pairs.has(translation.code)) return Promise.resolve();
    let learning = this.learning.get(translation.code);
    if (!learning) {
      const language = (translation.row.language ?? '').split('-')[0];
      const sources = this.store
        .list()
        .filter((t) => t !== translation && (t.row.language ?? '').split('-')[0] === language && t.allTexts())
        // The fullest texts teach most: a partial one (a few books) shares few verses.
        .sort((a, b) => chapterCount(b) - chapterCount(a))
        .slice(0, PAIR_SOURCES);
      learning = ParallelWordPairs.learn(translation, sources).then((pairs) => {
        if (this.store.get(translation.code) === translation) this.pairs.set(translation.code, pairs);
      });
      this.learning.set(translation.code, learning);
    }
    return learning;
  }

  private pairsKnown(code: string | undefined): boolean {
    try {
      return this.pairs.has(this.bible.translation(code).code);
    } catch {
      return true;
    }
  }

  /** The words standing in for the query's words in this translation (query-expansion.ts). */
  private relatedWords(translation: LoadedTranslation, index: SearchIndex, parts: Parameters<typeof expandQuery>[0], wordNet: boolean): RelatedWord[] {
    void this.expansionReady(translation.code);
    const english = (translation.row.language ?? '').toLowerCase().startsWith('en');
    return expandQuery(parts, {
      has: (term) => index.has(term),
      stop: stopWords(translation.row.language),
      pairs: this.pairs.get(translation.code),
      wordNet: english && wordNet ? this.wordNet : undefined,
      forms: english ? this.irregularForms(index) : undefined,
      // Nave's and Torrey's are English.
      topics: english ? this.topics : undefined,
    });
  }

  private irregularForms(index: SearchIndex): IrregularForms {
    let forms = this.irregular.get(index);
    if (!forms)
      this.irregular.set(
        index,
        (forms = IrregularForms.of(
          (term) => index.hasExactly(term),
          (term) => index.stemOf(term),
        )),
      );
    return forms;
  }

  /**
   * The verses that speak to a question by meaning: its words and the words standing in for them, best
   * first (the AI's keyword retrieval and /search's first section share it).
   */
  relatedVerses(
    q: string,
    code: string | undefined,
    limit: number,
    { filter = () => true, wordNet = true }: { filter?: (doc: SearchIndex['docs'][number]) => boolean; wordNet?: boolean } = {},
  ) {
    const translation = this.bible.translation(code);
    const parts = parseQuery(q, translation.row.language);
    const index = this.index(translation);
    const related = this.relatedWords(translation, index, parts, wordNet);
    const found = index.search(parts, filter, limit, related);
    const mark = index.marker(parts);
    return {
      related: [...new Set(related.map((r) => r.term))],
      results: found.hits.map(({ doc }) => searchHit(index.docs[doc]!, mark(index.docs[doc]!.text))),
      /** Whether another word stood in for one asked (not only another form of it: "wept" for "weep"). */
      reworded: related.some((r) => !r.form),
    };
  }

  /** The search's results, prepared once: their shape is the contract's (checked by the API tests). */
  preparedSearch(query: SearchQuery): PreparedBody {
    const key = JSON.stringify([query.q, query.translation ?? '', query.book ?? '', query.testament ?? '', query.limit, query.offset]);
    let body = this.prepared.get(key);
    if (body) {
      this.meters.replies.hit();
      return body;
    }
    this.meters.replies.miss();
    body = prepareBody(JSON.stringify(this.search(query)), 'quick');
    // A reply made before the text's word pairs were learnt is not kept: the next one will have them.
    if (this.pairsKnown(query.translation)) this.prepared.set(key, body);
    return body;
  }

  /** The search's results in a local translation (kept) or a licensed one (searched by its provider). */
  async preparedSearchIn(query: SearchQuery): Promise<PreparedBody> {
    const licensed = this.bible.licensedTranslation(query.translation);
    if (!licensed) {
      // A Strong's number is looked up in an index built in slices, so that other requests go on meanwhile.
      if (strongsNumber(query.q)) await strongsIndexOf(this.bible.translation(query.translation));
      // The first search of a text waits a moment for its word pairs, not for all of their learning.
      else if (ordinaryWords(query.q))
        await Promise.race([this.expansionReady(query.translation), new Promise((resolve) => setTimeout(resolve, PAIRS_WAIT_MS))]);
      return this.preparedSearch(query);
    }
    return prepareBody(JSON.stringify(await this.licensedSearch(licensed, query)), 'quick');
  }

  private async licensedSearch(t: LicensedTranslation, query: SearchQuery): Promise<SearchResponse> {
    const book = query.book ? resolveBook(query.book) : undefined;
    if (query.book && !book) throw new Invalid(`Book '${query.book}' not found.`);
    const parts = parseQuery(query.q, t.language);
    const sameStem = stemmerFor(t.language);
    // The provider's range names books by USFM id: one book, a span, or a list (the deuterocanon).
    const range = book
      ? book.usfm
      : query.testament === 'OT'
        ? 'GEN-MAL'
        : query.testament === 'NT'
          ? 'MAT-REV'
          : query.testament === 'DC'
            ? CANON.filter((b) => b.deuterocanonical)
                .map((b) => b.usfm)
                .join(',')
            : undefined;
    const reference = parseReference(query.q);
    let found: LicensedSearch;
    let passage: SearchResponse['passage'] = null;
    try {
      found = await this.bible.licensed!.catalogue.search(t, query.q, range, query.limit, query.offset);
      if (reference && query.offset === 0) passage = present(reference, await this.bible.licensedPassageVerses(t, reference, MAX_PASSAGE_VERSES));
    } catch (error) {
      if (error instanceof ProviderFailure)
        throw new Upstream(`The ${t.code} translation cannot be searched right now. Please try again in a moment.`, error.kind === 'timeout');
      throw error;
    }
    this.bible.licensed!.catalogue.report(found.fumsToken);
    return {
      query: query.q,
      translation: t.code,
      total: found.total,
      limit: query.limit,
      offset: query.offset,
      match: 'all',
      passage,
      // The provider matched the words its own way; the marks follow ours, forms of a word included.
      results: found.verses.map((v) =>
        searchHit(
          v,
          matchOffsets(v.text, parts, (term) => (word) => sameStem(word) === sameStem(term)),
        ),
      ),
    };
  }

  /** Built on first use and kept; `warm` builds them ahead so the first search is not the slow one. */
  index(translation: LoadedTranslation): SearchIndex {
    let index = this.indexes.get(translation.code);
    if (index) this.meters.indexes.hit();
    else {
      this.meters.indexes.miss();
      this.indexes.set(translation.code, (index = new SearchIndex(translation)));
    }
    return index;
  }

  search(query: SearchQuery): SearchResponse {
    const translation = this.bible.translation(query.translation);
    const book = query.book ? resolveBook(query.book) : undefined;
    if (query.book && !book) throw new Invalid(`Book '${query.book}' not found.`);
    const strongs = strongsNumber(query.q);
    if (strongs) return this.strongsSearch(translation, strongs, query, book);

    const parts = parseQuery(query.q, translation.row.language);
    const index = this.index(translation);
    const scope = { book, testament: query.testament };
    const { total, match, results } = wordMatches(index, parts, scope, query);
    const passage = query.offset === 0 ? this.passage(translation, query.q) : null;
    // A reference names a passage, not words to spell; the first page alone offers a suggestion.
    const suggestion = passage || query.offset > 0 || parseReference(query.q) ? undefined : this.suggestion(translation, index, query.q);
    // Ordinary words (not a reference, a phrase or a prefix) are read for what they mean, on the first page.
    const filter = inScope(scope);
    const meaning =
      query.offset === 0 && !passage && ordinaryWords(query.q) ? this.relatedVerses(query.q, translation.code, MEANING_RESULTS, { filter }) : undefined;
    // Worth a section of its own only when it differs from the word matches: other words stood in, or several words were weighed together.
    // A word's own irregular forms alone ("begat" → "begotten") bring the same verses as its matches.
    const speaks = meaning && meaning.results.length > 0 && (meaning.reworded || parts.length > 1);
    return {
      ...(speaks && { meaning: { related: meaning.related, results: meaning.results }, counts: index.counts(parts, filter) }),
      query: query.q,
      translation: translation.code,
      total,
      limit: query.limit,
      offset: query.offset,
      match,
      passage,
      results,
      ...(suggestion && { suggestion }),
    };
  }

  /** A query that is a Strong's number ("G26", issue 30 §3): the verses whose words carry it, in canon order, those words marked. */
  private strongsSearch(translation: LoadedTranslation, number: string, query: SearchQuery, book: CanonBook | undefined): SearchResponse {
    const index = strongsIndexNow(translation);
    const found = index.carrying(number).filter((v) => (!book || v.book === book) && (!query.testament || v.book.testament === query.testament));
    return {
      query: query.q,
      translation: translation.code,
      total: found.length,
      limit: query.limit,
      offset: query.offset,
      match: 'all',
      passage: null,
      results: found.slice(query.offset, query.offset + query.limit).map((v) => searchHit(v, index.matchesIn(v, number))),
    };
  }

  /** The query with the words this translation lacks replaced by its nearest ones, if any are near. */
  private suggestion(translation: LoadedTranslation, index: SearchIndex, q: string): string | undefined {
    return suggestQuery(
      q,
      (term) => index.has(term),
      (term) => this.vocabulary(translation, index).suggest(term),
    );
  }

  private vocabulary(translation: LoadedTranslation, index: SearchIndex): SpellingVocabulary {
    let words = this.vocabularies.get(translation.code);
    if (!words) {
      words = new SpellingVocabulary();
      for (const doc of index.docs) words.add(doc.text);
      this.vocabularies.set(translation.code, words);
    }
    return words;
  }

  private passage(translation: LoadedTranslation, q: string): SearchResponse['passage'] {
    const range = parseReference(q);
    return range ? present(range, this.bible.passageVerses(translation, range, MAX_PASSAGE_VERSES)) : null;
  }
}

function chapterCount(t: LoadedTranslation): number {
  return t.books.reduce((sum, b) => sum + b.chapters.length, 0);
}

/** A query of words alone: no reference, quoted phrase, prefix or Strong's number (those ask for letters, not meanings). */
function ordinaryWords(q: string): boolean {
  return !parseReference(q) && !/["“”„*]/.test(q) && !strongsNumber(q) && /\p{L}/u.test(q);
}

/** A reference query's passage as the search reply shows it; null when the translation lacks it. */
function present(range: PassageRange, found: readonly Omit<VerseItem, 'content'>[]): SearchResponse['passage'] {
  if (found.length === 0) return null;
  return {
    reference: formatReference(range),
    book: range.book.name,
    chapter: range.chapter,
    verse: range.verse ?? null,
    verses: found.map(({ verseId, reference, verse, verseNum, text }) => ({ verseId, reference, verse, verseNum, text })),
  };
}
