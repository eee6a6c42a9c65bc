import type { AskReply, TopicPassages } from '#common/contracts/ai.ts';
import type { BibleService } from '../bible/bible.service.ts';
import type { RateWindow } from '../../lib/rate-window.ts';
import type { Viewer } from '../auth/viewer.ts';
import type { AnswerEngine, Passage } from './answer-engine.ts';
import { NOT_FOUND, type PassageFinder } from './passage-finder.ts';
import { parseReference } from '#common/bible/reference.ts';
import type { CheckedReference } from '#common/contracts/ai.ts';
import type { LicensedTranslation } from '../../bible/licensed/licensed-catalogue.ts';
import { checkAnswer, checkReferences } from './reference-check.ts';
import { showsDanger } from './safety.ts';
import { LruCache } from '../../lib/lru.ts';
import { inMinutes } from '../../lib/quota/quota.ts';

// Passages in the AI section of /search.
const SEARCH_PASSAGES = 6;

export interface AskInput {
  question: string;
  context?: string;
  reference?: string;
  translation?: string;
  brief?: boolean;
}

/**
 * Spec §7 POST /api/ai/ask: retrieve → answer → verify → present. Whatever the engine writes, every
 * reference in it is checked against the store before it is sent; one that is not in Scripture is
 * struck through and says so, and the reply lists every reference with its status.
 */
export class AiService {
  constructor(
    private readonly bible: BibleService,
    private readonly finder: PassageFinder,
    private readonly engine: AnswerEngine,
    private readonly crisisText: string,
    private readonly limits: RateWindow,
    /** Told of each question a signed-in person asks, for their study day (streaks, achievements). */
    private readonly asked: (userId: string) => Promise<void> = async () => {},
  ) {}

  private readonly suggestions = new LruCache<string, string[]>(500);

  async ask(viewer: Viewer, clientAddress: string, input: AskInput): Promise<AskReply> {
    this.admit(viewer, clientAddress);
    return this.answer(input);
  }

  /** Counts a question against the person's and the address's hourly limit (429 past it), and toward their study day. */
  admit(viewer: Viewer, clientAddress: string): void {
    const keys = [`address:${clientAddress}`, ...(viewer.kind === 'user' ? [`user:${viewer.userId}`] : [])];
    this.limits.take(
      keys,
      (seconds) => `That is ${this.limits.limit} questions to the AI in the last hour, the most allowed. Please ask again ${inMinutes(seconds)}.`,
    );
    // Counted whichever screen asked (the chat, the reader's Ask AI, a note); a failure to count never
    // stands in the way of the answer.
    if (viewer.kind === 'user') void this.asked(viewer.userId).catch(() => undefined);
  }

  /** The translation a question will be answered in: 404 for one that is not offered, before any answering. */
  translationFor(code?: string): string {
    return this.bible.licensedTranslation(code)?.code ?? this.bible.translation(code).code;
  }

  /**
   * Retrieve → answer → verify. `live` hears drafts as a model writes them (unchecked: the page shows
   * them as a draft, with no links) and can stop the work.
   */
  async answer(input: AskInput, live: { onDraft?: (draft: string) => void; signal?: AbortSignal } = {}): Promise<AskReply> {
    // Passages are found in a local text (a licensed one is not held whole), then quoted from the text asked for.
    const local = this.bible.localFor(input.translation).code;
    const licensed = this.bible.licensedTranslation(input.translation);
    let found = this.finder.find(input.question, local, { reference: input.reference, context: input.context, max: input.brief ? 2 : undefined });
    if (licensed) found = { ...found, passages: await this.quotedIn(licensed, found.passages) };
    const translation = licensed?.code ?? local;
    const check = (text: string) => checkAnswer(text, translation, this.bible);
    const answer = await this.engine.answer({ ...input, translation, check }, found, live);
    let text = strikeInvalid(answer.text, await check(answer.text));
    if (showsDanger(input.question)) text = `**${this.crisisText}**\n\n${text}`;
    return { response: text, engine: answer.engine, translation, references: await check(text) };
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
    const code = this.bible.localFor(translation).code;
    // Counted like a question, whether or not a model is asked: an AI search is refused (429) once the hour is spent.
    this.admit(asker.viewer, asker.address);
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
      const references = checkReferences(text, translation, this.bible).flatMap((r) => (r.status === 'verified' && r.reference ? [r.reference] : []));
      this.suggestions.set(key, references);
      return { references, fresh: true };
    } catch {
      // The search answers anyway: keyword hits and topics need no model.
      return { references: [], fresh: false };
    }
  }
}

/** Marks every reference the store does not have, unless the answer already marks it so. */
function strikeInvalid(text: string, checked: readonly CheckedReference[]): string {
  const invalid = checked.filter((r) => r.status === 'invalid');
  let out = text;
  for (const ref of invalid.reverse()) {
    const marked = NOT_FOUND(ref.written);
    if (out.slice(ref.start - 2, ref.start - 2 + marked.length) === marked) continue;
    out = out.slice(0, ref.start) + marked + out.slice(ref.end);
  }
  return out;
}
