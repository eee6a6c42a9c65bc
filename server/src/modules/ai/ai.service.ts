import type { AskReply, CheckedReference, TopicPassages } from '#common/contracts/ai.ts';
import { parseReference } from '#common/scripture/reference.ts';
import type { BibleService } from '../bible/bible.service.ts';
import type { Viewer } from '../../access/viewer.ts';
import type { AnswerEngine, AnswerLive, EngineAnswer, Passage, PassageStudy, Retrieval } from '../../providers/ai/answer-engine.ts';
import { NOT_FOUND, type PassageFinder } from './passage-finder.ts';
import type { LicensedTranslation } from '../../scripture/licensed/licensed-catalogue.ts';
import type { ReferenceCheck } from './reference-check.ts';
import { showsDanger } from './safety.ts';
import { AppError } from '../../lib/errors.ts';
import { LruCache } from '../../lib/lru.ts';
import { addressKey, HOUR_MS, inMinutes, userKey, WindowLimit, type Quota } from '../../lib/quota/quota.ts';

// Passages in the AI section of /search.
const SEARCH_PASSAGES = 6;

export interface AskInput {
  question: string;
  context?: string;
  reference?: string;
  translation?: string;
  brief?: boolean;
}

/** A streamed question as it goes: drafts while a model writes (unchecked), then the checked reply, or why there is none. */
export type AskEvent =
  | { event: 'draft'; data: { text: string } }
  | { event: 'queued'; data: { place: number } }
  | { event: 'done'; data: AskReply }
  | { event: 'error'; data: { message: string } };

/** What a question is answered from, in the translation it is answered in. */
interface Retrieved {
  translation: string;
  found: Retrieval;
}

/** AI_RATE_LIMIT questions an hour per address and per account, counted in `quota` for every process of the site. */
export function questionLimit(quota: Quota, perHour: number): WindowLimit {
  return new WindowLimit(
    quota,
    perHour,
    HOUR_MS,
    (seconds) => `That is ${perHour} questions to the AI in the last hour, the most allowed. Please ask again ${inMinutes(seconds)}.`,
  );
}

/**
 * Spec §7 POST /api/ai/ask, one path for the JSON reply and the streamed one (`answer` below):
 *   1. retrieve — the passages a question points to (passage-finder.ts);
 *   2. answer   — the engine writes from them (providers/ai: Scripture search or a language model);
 *   3. verify   — every reference in the answer is checked against the store, once (reference-check.ts);
 *   4. present  — one that is not in Scripture is struck through and says so, the crisis line goes first
 *                 when the question shows danger, and the reply lists every reference with its status.
 */
export class AiService {
  constructor(
    private readonly bible: BibleService,
    private readonly checker: ReferenceCheck,
    private readonly finder: PassageFinder,
    private readonly engine: AnswerEngine,
    private readonly crisisText: string,
    /** The hourly limit on questions (questionLimit), shared by every process of the site. */
    private readonly limits: WindowLimit,
    /** Told of each question a signed-in person asks, for their study day (streaks, achievements). */
    private readonly asked: (userId: string) => Promise<void> = async () => {},
  ) {}

  private readonly suggestions = new LruCache<string, string[]>(500);

  /** POST /api/ai/ask: the question counted against the limits, then answered. */
  async ask(viewer: Viewer, clientAddress: string, input: AskInput): Promise<AskReply> {
    await this.admit(viewer, clientAddress);
    return this.answer(input);
  }

  /**
   * POST /api/ai/ask/stream: the translation and the limits are checked first, so their refusals are
   * thrown before anything is streamed; then the function it returns answers the question as `ask`
   * does, told to `emit` as it goes and ending with `done` or `error`. `signal` stops the work (the
   * person left).
   */
  async askLive(viewer: Viewer, clientAddress: string, input: AskInput): Promise<(emit: (event: AskEvent) => void, signal: AbortSignal) => Promise<void>> {
    this.translationFor(input.translation);
    await this.admit(viewer, clientAddress);
    return (emit, signal) => this.answerLive(input, emit, signal);
  }

  private answerLive(input: AskInput, emit: (event: AskEvent) => void, signal: AbortSignal): Promise<void> {
    return this.answer(input, {
      onDraft: (text) => emit({ event: 'draft', data: { text } }),
      onQueued: (place) => emit({ event: 'queued', data: { place } }),
      signal,
    })
      .then((reply) => emit({ event: 'done', data: reply }))
      .catch((error: unknown) => emit({ event: 'error', data: { message: error instanceof AppError ? error.message : 'Failed to generate response.' } }));
  }

  /** Counts a question against the person's and the address's hourly limit (429 past it), and toward their study day. */
  private async admit(viewer: Viewer, clientAddress: string): Promise<void> {
    await this.limits.take([addressKey(clientAddress), ...(viewer.kind === 'user' ? [userKey(viewer.userId)] : [])]);
    // Counted whichever screen asked (the chat, the reader's Ask AI, a note); a failure to count never
    // stands in the way of the answer.
    if (viewer.kind === 'user') void this.asked(viewer.userId).catch(() => undefined);
  }

  /** The translation a question will be answered in: 404 for one that is not offered, before any answering. */
  private translationFor(code?: string): string {
    return this.bible.licensedTranslation(code)?.code ?? this.bible.translation(code).code;
  }

  /**
   * The four stages, in order, for both routes (and the admin's engine check, which is not counted).
   * `live` hears drafts as a model writes them (unchecked: the page shows them as a draft, with no
   * links) and can stop the work.
   */
  async answer(input: AskInput, live: AnswerLive = {}): Promise<AskReply> {
    const retrieved = await this.retrieve(input);
    const verify = this.verification(retrieved.translation);
    const written = await this.write(input, retrieved, verify, live);
    const checked = await verify(written.text);
    return this.present(input.question, written, retrieved.translation, checked);
  }

  /**
   * 1. Retrieve. Passages are found in a local text (a licensed one is not held whole), then quoted
   * from the text asked for.
   */
  private async retrieve(input: AskInput): Promise<Retrieved> {
    const local = this.checker.localFor(input.translation).code;
    const licensed = this.bible.licensedTranslation(input.translation);
    // The first question in a text waits (once) for the word pairs its retrieval expands with.
    await this.finder.ready(local);
    const found = this.finder.find(input.question, local, { reference: input.reference, context: input.context, max: input.brief ? 2 : undefined });
    if (!licensed) return { translation: local, found };
    const passages = await this.quotedIn(licensed, found.passages);
    const study = found.study && studyIn(passages, found.study);
    return { translation: licensed.code, found: { ...found, passages, study } };
  }

  /** 2. Answer: the engine writes from what was retrieved, checking its drafts with the verify step if it wants to. */
  private write(
    input: AskInput,
    { translation, found }: Retrieved,
    verify: (text: string) => Promise<CheckedReference[]>,
    live: AnswerLive,
  ): Promise<EngineAnswer> {
    return this.engine.answer({ ...input, translation, check: verify }, found, live);
  }

  /**
   * 3. Verify, in the translation answered in. The engine is given this too, for its drafts (a model
   * corrects itself once); the text last checked is remembered, so an answer returned as it was checked
   * is not checked again: one check per answer written.
   */
  private verification(translation: string): (text: string) => Promise<CheckedReference[]> {
    let last: { text: string; references: Promise<CheckedReference[]> } | undefined;
    return (text) => {
      if (last?.text !== text) last = { text, references: this.checker.answer(text, translation) };
      return last.references;
    };
  }

  /**
   * 4. Present: the answer as checked, each reference not in Scripture struck through, the crisis line
   * first when the question shows danger; the references listed where the text shown has them.
   */
  private present(question: string, written: EngineAnswer, translation: string, checked: readonly CheckedReference[]): AskReply {
    const struck = strikeInvalid(written.text, checked);
    const crisis = showsDanger(question) ? `**${this.crisisText}**\n\n` : '';
    const references = struck.references.map((r) => ({ ...r, start: r.start + crisis.length, end: r.end + crisis.length }));
    return { response: crisis + struck.text, engine: written.engine, ...(written.sources ? { sources: written.sources } : {}), translation, references };
  }

  /** The passages in a licensed text, each with its text and reader link there; one it lacks (or cannot give now) is left out. */
  private async quotedIn(t: LicensedTranslation, passages: readonly Passage[]): Promise<Passage[]> {
    const quoted = await Promise.all(
      passages.map(async (p) => {
        const range = parseReference(p.reference);
        const verses = range ? await this.bible.licensedPassageVerses(t, range) : [];
        if (verses.length === 0) return [];
        return [
          {
            reference: p.reference,
            text: verses.map((v) => v.text).join(' '),
            href: p.href.replace(/translation=[^&]*/, `translation=${encodeURIComponent(t.code)}`),
          },
        ];
      }),
    );
    return quoted.flat();
  }

  /**
   * AI-enhanced search (/search): the passages a question or topic points to by meaning (its everyday
   * words, the topics), not by its words; with a language model, also the passages it suggests, each
   * checked against the store first. Nothing when neither finds any, as the keyword hits are beside it.
   * `fresh` is false when the model could not be asked (a failure): the reply is then not cached.
   */
  async passagesFor(q: string, translation: string | undefined, asker: { viewer: Viewer; address: string }): Promise<TopicPassages & { fresh: boolean }> {
    const code = this.checker.localFor(translation).code;
    // Counted like a question, whether or not a model is asked: an AI search is refused (429) once the hour is spent.
    await this.admit(asker.viewer, asker.address);
    const found = this.finder.find(q, code, { keywords: false });
    // Four from the topics leave room for what a model suggests.
    const topical = found.topics.length > 0 ? found.passages.slice(0, 4).map((p) => ({ ...p, source: 'topic' as const })) : [];
    const suggested = await this.suggestedPassages(q, code);
    // The model's passages after the topics', each checked and quoted from the store, none twice.
    const list = this.finder.collector(code, SEARCH_PASSAGES, topical);
    suggested.references.forEach(list.add);
    const fromModel = list.passages.slice(topical.length).map((p) => ({ ...p, source: 'model' as const }));
    return { topics: found.topics.slice(0, 2), passages: [...topical, ...fromModel], fresh: suggested.fresh };
  }

  /** The references a language model suggests for a search, verified; remembered, so a search asked again costs nothing. */
  private async suggestedPassages(q: string, translation: string): Promise<{ references: string[]; fresh: boolean }> {
    if (!this.engine.suggestPassages) return { references: [], fresh: true };
    const key = `${translation}\n${q.trim().toLowerCase()}`;
    const kept = this.suggestions.get(key);
    if (kept) return { references: kept, fresh: true };
    try {
      const text = await this.engine.suggestPassages(q, translation);
      const references = this.checker.text(text, translation).flatMap((r) => (r.status === 'verified' && r.reference ? [r.reference] : []));
      this.suggestions.set(key, references);
      return { references, fresh: true };
    } catch {
      // The search answers anyway: keyword hits and topics need no model.
      return { references: [], fresh: false };
    }
  }
}

/**
 * Marks every reference the store does not have, unless the answer already marks it so, and moves
 * each checked reference to where it now stands in the marked text.
 */
function strikeInvalid(text: string, checked: readonly CheckedReference[]): { text: string; references: CheckedReference[] } {
  let out = '';
  let from = 0;
  const references: CheckedReference[] = [];
  // In the order written (the check sorts them), none overlapping.
  for (const ref of checked) {
    const marked = NOT_FOUND(ref.written);
    if (ref.status !== 'invalid' || text.slice(ref.start - 2, ref.start - 2 + marked.length) === marked) {
      const shift = out.length - from;
      references.push({ ...ref, start: ref.start + shift, end: ref.end + shift });
      continue;
    }
    out += text.slice(from, ref.start);
    const start = out.length + marked.indexOf(ref.written);
    out += marked;
    from = ref.end;
    references.push({ ...ref, start, end: start + ref.written.length });
  }
  return { text: out + text.slice(from), references };
}

/**
 * A passage's study quoted in a licensed text: its passages as that text has them (`quoted`), and no key
 * words, which are the local text's words with their Strong's numbers. Undefined when the licensed text
 * lacks the passage itself: the answer then lists what it has.
 */
function studyIn(quoted: readonly Passage[], study: PassageStudy): PassageStudy | undefined {
  const inLicensed = (p: Passage) => quoted.find((q) => q.reference === p.reference);
  const passage = inLicensed(study.passage);
  if (!passage) return undefined;
  const related = study.related.flatMap((r) => {
    const found = inLicensed(r.passage);
    return found ? [{ ...r, passage: found }] : [];
  });
  return { ...study, passage, keyWords: [], related };
}
