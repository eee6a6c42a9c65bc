import type { CheckedReference } from '#common/contracts/ai.ts';

/** What an engine is asked (spec §7 POST /api/ai/ask), with the translation already resolved. */
export interface AnswerRequest {
  question: string;
  /** What the person is looking at: a note's text, the selected verses, earlier turns. */
  context?: string;
  /** The passage the question is about, when it came from the reader or a note ("John 3:16"). */
  reference?: string;
  translation: string;
  /** Answers for a note are 2–3 sentences (spec §9). */
  brief?: boolean;
  /**
   * Checks a draft's references in the translation answered in (a licensed one's chapters are fetched
   * first): the orchestration's verify step, which keeps the result, so an answer returned as it was
   * checked here is not checked again.
   */
  check: (text: string) => Promise<CheckedReference[]>;
}

/** A passage an answer is built on: the reference and the store's text of it. */
export interface Passage {
  reference: string;
  text: string;
  /** The reader at the passage. */
  href: string;
}

/** What a commentary says about a passage: the sentences nearest its words (modules/ai/commentary.ts finds them). */
export interface CommentaryNote {
  /** The commentary's name ("Matthew Henry's Concise Commentary on the Whole Bible"). */
  source: string;
  /** The chapter its comment is on ("John 3"). */
  on: string;
  excerpt: string;
}

/** What retrieval found for a question (modules/ai/passage-finder.ts): what to answer from, and what to be honest about. */
export interface Retrieval {
  passages: Passage[];
  /** The topics the question touches, best first ("anxiety and worry"). */
  topics: string[];
  /** Statements an answer must make: a verse that does not exist, a saying that is not Scripture. */
  corrections: string[];
  /** The person asked for a verse to be made up. */
  asksToInvent: boolean;
  /** For a question about a passage, what an installed commentary says about it. */
  commentary?: CommentaryNote;
  /** Why each passage found by topic or by name is there, from the source that put it there (topical-answer.ts groups by it). */
  grounds?: PassageGround[];
  /** Nothing spoke to the question: the passages are only those sharing its words, the closest there are. */
  closest?: boolean;
  /** For a question about a passage (not a note's short answer): what explains it (passage-finder.ts `studyOf`). */
  study?: PassageStudy;
}

/** Where a passage of an answer came from: the group it belongs in and the source's own line for it. */
export interface PassageGround {
  reference: string;
  /** A topic's name or a search's subject ("anxiety and worry", "enemy"). */
  group: string;
  /** One line, from the source: Selah's note on the passage, a Nave's sub-heading. */
  why: string;
  /** Who wrote `why`, when it is not said in it: "From Selah’s topic “anxiety and worry”." */
  source?: string;
  /** The topic that listed it, when a topic did. */
  topic?: string;
  /** The topical index that listed it, for the answer's sources line ("Nave’s Topical Bible"). */
  index?: string;
}

/** A word of the passage with its original-language entry (where the translation carries Strong's numbers). */
export interface KeyWord {
  /** As the translation has it ("only begotten"). */
  english: string;
  /** "G3439". */
  number: string;
  word: string | null;
  transliteration: string | null;
  /** The lexicon's definition, without its derivation. */
  meaning: string;
  lexicon: string;
  licence: string;
}

/** What explains a passage: its key words, every installed commentary's excerpt, and the passages linked to it with why. */
export interface PassageStudy {
  passage: Passage;
  /** The words of Scripture the question asked about ("only begotten"), which `passage` says. */
  phrase?: string;
  keyWords: KeyWord[];
  commentaries: (CommentaryNote & { licence: string })[];
  related: { passage: Passage; why: string }[];
}

export interface EngineAnswer {
  /** Markdown: plain words, **bold**, links; never raw HTML. */
  text: string;
  /** Which engine answered, so the page can say what kind of answer it is. */
  engine: 'scripture-search' | 'language-model' | 'local-model';
  /** For the reader, under the answer: what it was drawn from ("From Scripture, … ; every reference checked"). */
  sources?: string;
}

/** What the person asking hears while an answer is written, and how they stop it. */
export interface AnswerLive {
  /** The answer as it is written (the whole draft each time), before it is checked. */
  onDraft?: (draft: string) => void;
  /** Their place in the line for a model that answers one question at a time (1 = next). */
  onQueued?: (place: number) => void;
  /** Ends the work when the person stops or leaves. */
  signal?: AbortSignal;
}

/**
 * The answer stage of an AI question (modules/ai/ai.service.ts: retrieve → answer → verify → present):
 * the embedded Scripture engine or a language model, chosen by engine-switch.ts. The
 * orchestration then verifies every reference in what comes back before anyone sees it.
 */
export interface AnswerEngine {
  answer(request: AnswerRequest, found: Retrieval, live?: AnswerLive): Promise<EngineAnswer>;
  /**
   * For AI-enhanced search: text naming passages that speak to a search, to be checked before any is
   * shown. Only an engine that can reason about a search has it (a language model).
   */
  suggestPassages?(query: string, translation: string): Promise<string>;
}
