import { z } from 'zod';

/**
 * The study tools (issue 30 §3): the installed commentaries on a verse, the verses cross-referenced from
 * it, Strong's word study, the dictionary entries of its names, and the installed topical indexes (the
 * /topics pages and search's topic links).
 */

const wholeNumber = (what: string) =>
  z.coerce
    .number({ error: `${what} must be a whole number, 1 or more.` })
    .int(`${what} must be a whole number, 1 or more.`)
    .min(1, `${what} must be a whole number, 1 or more.`)
    .max(100_000, `${what} must be a whole number, 1 or more.`);

/** The path of both tools: /…/{book}/{chapter}/{verse} */
export const studyToolVerseParams = z.object({
  book: z.string().trim().min(1, 'Name a book.').max(40, 'A book name is at most 40 characters.'),
  chapter: wholeNumber('Chapter'),
  verse: wholeNumber('Verse'),
});

/** Most paragraphs of one commentary sent for one verse (Treasury of David runs to hundreds on a psalm). */
export const COMMENTARY_PARAGRAPHS_MAX = 40;

export const commentaryEntry = z.object({
  /** The SWORD module's name ("MHCC"), the key a reader orders commentaries by. */
  module: z.string(),
  /** Its Description: "Matthew Henry's Concise Commentary on the Whole Bible". */
  name: z.string(),
  /** Its DistributionLicense: "Public Domain". */
  licence: z.string(),
  copyright: z.string().nullable(),
  /** Where the entry starts: the verse itself ("John 3:16") or the section it belongs to ("John 3:1", "John 3 introduction"). */
  on: z.string(),
  /** Whether the entry starts before the verse (a section comment covering it). */
  section: z.boolean(),
  /** Plain text, never markup; at most COMMENTARY_PARAGRAPHS_MAX. */
  paragraphs: z.array(z.string()),
  /** Paragraphs left out after the cap. */
  more: z.number().int(),
});
export type CommentaryEntry = z.infer<typeof commentaryEntry>;
/** GET /api/study-tools/commentaries/{book}/{chapter}/{verse} */
export const commentariesReply = z.object({
  commentaries: z.array(commentaryEntry),
  /** How many commentaries are installed, those silent on this verse included. */
  installed: z.number().int(),
});
export type CommentariesReply = z.infer<typeof commentariesReply>;

export const CROSS_REFERENCES_MAX = 30;
/** Most verses of one cross-referenced passage sent with its text; a longer passage is linked, its text cut there. */
export const CROSS_REFERENCE_VERSES_MAX = 6;

export const crossReferencesQuery = z.object({ translation: z.string().trim().max(16).optional() });
export const crossReference = z.object({
  /** "Romans 5:8" */
  reference: z.string(),
  book: z.string(),
  chapter: z.number().int(),
  verse: z.number().int(),
  /**
   * The verse in the requested translation (or the site's default); '' when that translation lacks it.
   * For a passage an installed module names ("Ephesians 2:4-5"), its verses joined, up to CROSS_REFERENCE_VERSES_MAX.
   */
  text: z.string(),
  /** Where the reference is from: the npm data (module null) and/or installed modules, in that order. */
  sources: z.array(z.object({ module: z.string().nullable(), name: z.string() })),
});
export type CrossReference = z.infer<typeof crossReference>;
/** GET /api/study-tools/cross-references/{book}/{chapter}/{verse}?translation=CODE */
export const crossReferencesReply = z.object({ translation: z.string(), references: z.array(crossReference) });
export type CrossReferencesReply = z.infer<typeof crossReferencesReply>;

/** GET /api/study-tools/strongs/{number}: "G26", "h2617", "H07225". */
export const strongsParams = z.object({
  number: z
    .string()
    .trim()
    .regex(/^[GH]\d{1,5}$/i, "A Strong's number is G or H and up to five digits, as G26 or H2617."),
});
export const strongsQuery = z.object({ translation: z.string().trim().max(16).optional() });
export const strongsReply = z.object({
  /** The number's stored form: "G26". */
  number: z.string(),
  /** The installed dictionary the entry is from; null when none has it. */
  lexicon: z.object({ module: z.string(), name: z.string(), licence: z.string() }).nullable(),
  /** The original-language word: "ἀγάπη". */
  word: z.string().nullable(),
  transliteration: z.string().nullable(),
  pronunciation: z.string().nullable(),
  /** Plain paragraphs, never markup. */
  definition: z.array(z.string()),
  /** The verses of the translation carrying the number, counted by book in canon order. */
  occurrences: z.object({
    translation: z.string(),
    total: z.number().int(),
    books: z.array(
      z.object({
        book: z.string(),
        name: z.string(),
        count: z.number().int(),
        first: z.object({ chapter: z.number().int(), verse: z.number().int() }),
      }),
    ),
  }),
});
export type StrongsReply = z.infer<typeof strongsReply>;

/** GET /api/study-tools/dictionary/{book}/{chapter}/{verse}?translation=CODE */
export const dictionaryVerseQuery = z.object({ translation: z.string().trim().max(16).optional() });
export const dictionaryName = z.object({
  /** As the verse writes it: "Moses", "Red sea". */
  word: z.string(),
  /** The entry's key, to ask for it: "MOSES". */
  key: z.string(),
  /** The installed dictionaries that have it, in module-name order. */
  dictionaries: z.array(z.object({ module: z.string(), name: z.string() })),
});
export type DictionaryName = z.infer<typeof dictionaryName>;
export const dictionaryNamesReply = z.object({
  /** The translation the verse was read in (the one asked for when held here, else the site's default). */
  translation: z.string(),
  /** The verse's names of people and places some installed dictionary has, in verse order, each once. */
  names: z.array(dictionaryName),
  /** How many Bible dictionaries are installed. */
  installed: z.number().int(),
});
export type DictionaryNamesReply = z.infer<typeof dictionaryNamesReply>;

/** Most paragraphs of one dictionary's entry sent (an entry such as Easton's "Moses" runs long). */
export const DICTIONARY_PARAGRAPHS_MAX = 40;

const ENTRY_KEY_RULE = "An entry's name is up to 80 letters, digits, spaces and the marks ' . , ( ) -.";
/** GET /api/study-tools/dictionary/entry/{key}: "MOSES", "Red Sea". */
export const dictionaryEntryParams = z.object({
  key: z
    .string()
    .trim()
    .min(1, ENTRY_KEY_RULE)
    .max(80, ENTRY_KEY_RULE)
    .regex(/^[\p{L}\p{M}\p{N}][\p{L}\p{M}\p{N} '’.,()-]*$/u, ENTRY_KEY_RULE),
});
export const dictionaryEntry = z.object({
  /** The SWORD module's name ("Easton"). */
  module: z.string(),
  /** Its Description: "Easton's Bible Dictionary". */
  name: z.string(),
  /** Its DistributionLicense: "Public Domain". */
  licence: z.string(),
  copyright: z.string().nullable(),
  /** Plain text, never markup; at most DICTIONARY_PARAGRAPHS_MAX. */
  paragraphs: z.array(z.string()),
  /** Paragraphs left out after the cap. */
  more: z.number().int(),
});
export type DictionaryEntry = z.infer<typeof dictionaryEntry>;
export const dictionaryEntryReply = z.object({
  /** The key as the first dictionary having it spells it. */
  key: z.string(),
  /** Every installed dictionary's entry under the key, in module-name order. */
  entries: z.array(dictionaryEntry),
});
export type DictionaryEntryReply = z.infer<typeof dictionaryEntryReply>;

/** Most topic names in one page of the topical index. */
export const TOPICS_PAGE_MAX = 100;
/** Most verses whose text one topic sends (Nave's "JESUS, THE CHRIST" has 3,826 references); later references come without text. */
export const TOPIC_VERSE_TEXTS_MAX = 300;
/** A reference longer than this many verses is linked without its text. */
export const TOPIC_PASSAGE_TEXT_VERSES = 3;

const topicName = z.string().trim().min(1, 'Name a topic.').max(100, 'A topic name is at most 100 characters.');

/** GET /api/study-tools/topics?q=&letter=&offset=&limit= */
export const topicsQuery = z.object({
  q: z.string().trim().max(100, 'Search text is at most 100 characters.').optional(),
  letter: z
    .string()
    .trim()
    .regex(/^[A-Za-z]$/, 'A letter is one of A to Z.')
    .optional(),
  offset: z.coerce
    .number({ error: 'Offset must be a whole number, 0 or more.' })
    .int('Offset must be a whole number, 0 or more.')
    .min(0, 'Offset must be a whole number, 0 or more.')
    .max(100_000, 'Offset is at most 100,000.')
    .default(0),
  limit: z.coerce
    .number({ error: `Limit must be a whole number from 1 to ${TOPICS_PAGE_MAX}.` })
    .int(`Limit must be a whole number from 1 to ${TOPICS_PAGE_MAX}.`)
    .min(1, `Limit must be a whole number from 1 to ${TOPICS_PAGE_MAX}.`)
    .max(TOPICS_PAGE_MAX, `Limit must be a whole number from 1 to ${TOPICS_PAGE_MAX}.`)
    .default(50),
});
export const topicSummary = z.object({
  /** The topic's name as its module writes it ("FORGIVENESS"), the key of its page (any case). */
  name: z.string(),
  /** The name as a person reads it: "Forgiveness", "Abstinence, Total". */
  title: z.string(),
  /** The SWORD module it is from ("Nave"). */
  module: z.string(),
});
export type TopicSummary = z.infer<typeof topicSummary>;
export const topicsReply = z.object({
  /** Names starting with q (or the letter) first, then those holding q elsewhere; installed modules' topics merged, the first module's kept for a name two share. */
  topics: z.array(topicSummary),
  total: z.number().int(),
  offset: z.number().int(),
  limit: z.number().int(),
  /** How many topical modules are installed (0: the page says none is). */
  installed: z.number().int(),
});
export type TopicsReply = z.infer<typeof topicsReply>;

/** GET /api/study-tools/topics/{name}?translation= */
export const topicParams = z.object({ name: topicName });
/** About how many references one page of a topic holds; a topic within it is one page (issue 30 §3: big Nave's entries are paged). */
export const TOPIC_PAGE_REFERENCES = 200;
/** More pages than any topic has (Nave's "GOD" has 24). */
const TOPIC_PAGES_MAX = 1000;
export const topicQuery = z.object({
  translation: z.string().trim().max(16).optional(),
  page: z.coerce
    .number({ error: 'Page must be a whole number, 1 or more.' })
    .int('Page must be a whole number, 1 or more.')
    .min(1, 'Page must be a whole number, 1 or more.')
    .max(TOPIC_PAGES_MAX, `Page is at most ${TOPIC_PAGES_MAX}.`)
    .default(1),
});
export const topicReference = z.object({
  /** "Exodus 23:4", "Matthew 5:43-48", "Numbers 17" */
  reference: z.string(),
  book: z.string(),
  chapter: z.number().int(),
  /** The first verse; null for a whole chapter. */
  verse: z.number().int().nullable(),
  /** The passage's text in the translation, when it is short (see TOPIC_PASSAGE_TEXT_VERSES) and within TOPIC_VERSE_TEXTS_MAX; else null. */
  text: z.string().nullable(),
});
export type TopicReference = z.infer<typeof topicReference>;
export const topicLink = z.object({
  /** The topic linked to, as its module names it; null when the module has none by that name (shown as words). */
  name: z.string().nullable(),
  /** What the entry says, written as a title: "Sin, Forgiveness of" (Nave's "SIN, FORGIVENESS OF"). */
  label: z.string(),
});
export type TopicLink = z.infer<typeof topicLink>;
const topicLine = z.object({ title: z.string(), references: z.array(topicReference), see: z.array(topicLink) });
export const topicReply = z.object({
  name: z.string(),
  title: z.string(),
  module: z.string(),
  /** The module's Description: "Nave's Topical Bible". */
  source: z.string(),
  licence: z.string(),
  translation: z.string(),
  /**
   * This page's sub-headings, each with its references and the items under it. A heading `continued`
   * from the page before repeats its title only (its references and links were there) with the rest of its items.
   */
  headings: z.array(topicLine.extend({ items: z.array(topicLine), continued: z.boolean() })),
  /** This page (1 …) and how many the topic has: at most about TOPIC_PAGE_REFERENCES references a page. */
  page: z.number().int(),
  pageCount: z.number().int(),
  /** Every topic the whole entry's "See …" links name (every page's), once each, in the entry's order. */
  related: z.array(topicSummary),
  /** References in the whole entry; on each page, those past TOPIC_VERSE_TEXTS_MAX verses of text come without it. */
  referenceCount: z.number().int(),
});
export type TopicReply = z.infer<typeof topicReply>;

/** GET /api/study-tools/topic-matches?q=: the topics a search's words name (at most TOPIC_MATCHES_MAX). */
export const TOPIC_MATCHES_MAX = 3;
export const topicMatchesQuery = z.object({
  q: z.string({ error: 'Enter words to match.' }).trim().min(1, 'Enter words to match.').max(200, 'Search text is too long: use at most 200 characters.'),
});
export const topicMatchesReply = z.object({ topics: z.array(topicSummary) });
export type TopicMatchesReply = z.infer<typeof topicMatchesReply>;
