import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { generateText } from 'ai';
import { SCRIPTURE_PRAYERS } from '#common/daily/scripture-prayers.ts';
import { wholePrayerVerses, type BookVerse } from '#common/daily/whole-prayer.ts';
import { daysBetween } from '#common/progress/days.ts';
import type { PassageRange } from '#common/scripture/reference.ts';
import type { LoadedBook } from '../../scripture/store/bible-store.ts';
import type { AppConfig } from '../../config.ts';
import type { BibleService } from '../bible/bible.service.ts';

export interface WrittenPrayer {
  title: string;
  content: string;
  reference: string | null;
  translation: string | null;
  source: 'ai' | 'scripture';
}

const TRANSLATION = 'KJV';
const TITLE_MAX = 80;
const CONTENT_MIN = 200;
const CONTENT_MAX = 2_000;

/**
 * One of Scripture's own prayers for a day, in turn through the list; its words are the store's (KJV,
 * like the verse of the day). A passage that would start or stop mid-sentence in the store's text is
 * passed over, so a prayer is never a cut passage. Undefined only when the store lacks every one.
 */
export function scripturePrayer(bible: BibleService, day: string): WrittenPrayer | undefined {
  const start = daysBetween('2026-01-01', day);
  const kjv = bible.localTranslations().find((t) => t.code === TRANSLATION) ?? bible.localTranslations()[0];
  if (!kjv) return undefined;
  const count = SCRIPTURE_PRAYERS.length;
  for (let i = 0; i < count; i++) {
    const chosen = SCRIPTURE_PRAYERS[(((start + i) % count) + count) % count]!;
    const range = bible.reference(chosen.reference);
    const verses = wholePrayerVerses(passageVerses(kjv.book(range.book), range), range);
    if (!verses) continue;
    return {
      title: chosen.title,
      content: verses.map((v) => v.text).join(' '),
      reference: chosen.reference,
      translation: kjv.code,
      source: 'scripture',
    };
  }
  return undefined;
}

/** Whether a stored prayer of Scripture was chosen by today's rule (an older install may hold a cut passage). */
export function isListedScripturePrayer(reference: string | null): boolean {
  return SCRIPTURE_PRAYERS.some((p) => p.reference === reference);
}

/**
 * The verses of the chapters a passage spans, and of the chapter before (its last verse says whether the
 * passage starts a sentence): no more, as each chapter's texts may cost an inflate of its own.
 */
function passageVerses(book: LoadedBook | undefined, range: PassageRange): BookVerse[] {
  if (!book) return [];
  return book.chapters
    .filter((c) => c.number >= range.chapter - 1 && c.number <= range.endChapter)
    .flatMap((c) => c.verseNumbers.map((verse, i) => ({ chapter: c.number, verse, text: c.texts[i]! })));
}

export type PrayerDrafter = (verse: { reference: string; text: string }) => Promise<WrittenPrayer | null>;

/**
 * With a language model configured, a prayer drafted from the day's verse: a title line, then the
 * prayer. Null when there is no model, it fails, or what it writes is not the shape of a prayer.
 */
export function prayerDrafter(model: AppConfig['languageModel']): PrayerDrafter {
  if (!model) return async () => null;
  const provider = createOpenAICompatible({ name: 'selah-prayers', baseURL: model.baseUrl, apiKey: model.apiKey });
  return async (verse) => {
    try {
      const { text } = await generateText({
        model: provider.chatModel(model.model),
        system: [
          'You write the daily prayer for Selah, a Bible reading app, from the day’s verse.',
          'Write a prayer of 80 to 160 words addressed to God, in plain, warm, reverent English, drawing on the verse without quoting other passages.',
          'First line: a title of at most six words, without quotation marks. Then a blank line, then the prayer. End with Amen. No headings, no lists, no markdown.',
        ].join('\n'),
        prompt: `${verse.reference}: ${verse.text.slice(0, 1_000)}`,
        maxOutputTokens: 400,
        // A day's prayer can wait for one more try; after that, Scripture's own prayer stands in.
        maxRetries: 1,
        abortSignal: AbortSignal.timeout(model.timeoutMs),
      });
      return shapeDraft(text, verse.reference);
    } catch {
      return null;
    }
  };
}

/** A model's draft as a title and a prayer, or null when it is not one. */
export function shapeDraft(text: string, reference: string): WrittenPrayer | null {
  const lines = text.replace(/\r/g, '').trim().split('\n');
  const title = (lines.shift() ?? '')
    .replace(/^[#*\s"“]+|[*"”\s]+$/g, '')
    .replace(/^title:\s*/i, '')
    .trim();
  const content = lines
    .join('\n')
    .replace(/[*#_`]/g, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  if (!title || title.length > TITLE_MAX || content.length < CONTENT_MIN || content.length > CONTENT_MAX) return null;
  return { title, content, reference, translation: TRANSLATION, source: 'ai' };
}
