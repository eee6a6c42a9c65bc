import type { z } from 'zod';
import { parseReference } from '#common/scripture/reference.ts';
import { parseVerseId } from '#common/scripture/verse-id.ts';
import type { highlightInput, noteInput } from '#common/contracts/study.ts';
import { noteTitle, stripQuotes } from '#common/study/rules.ts';
import { Invalid } from '../../lib/errors.ts';

/** The rules of a new highlight or note beyond their schemas; pure, so an import's worker runs them too. */

export type ParseReference = typeof parseReference;

/**
 * The rules of POST /api/highlights beyond its schema: the verse id and the reference must name the
 * same verse; the reference is stored in its canonical form and the text without quotes (spec §5).
 */
export function checkHighlight(input: z.infer<typeof highlightInput>, parse: ParseReference = parseReference) {
  const location = parseVerseId(input.verse);
  if (!location) throw new Invalid(`'${input.verse}' is not a verse id such as JOHN.3.16.`);
  const reference = parse(input.reference);
  if (!reference) throw new Invalid(`'${input.reference}' is not a Bible reference.`);
  if (reference.book !== location.book || reference.chapter !== location.chapter || reference.verse !== location.verse) {
    throw new Invalid(`The reference '${input.reference}' is not the verse ${input.verse}.`);
  }
  return {
    verse: input.verse.toUpperCase(),
    color: input.color,
    reference: `${location.book.name} ${location.chapter}:${location.verse}`,
    text: stripQuotes(input.text),
  };
}

/** The rules of POST /api/notes beyond its schema: the reference must parse; the title has a default. */
export function checkNote(input: z.infer<typeof noteInput>, parse: ParseReference = parseReference) {
  if (!parse(input.reference)) throw new Invalid(`'${input.reference}' is not a Bible reference.`);
  return { type: input.type, content: input.content, reference: input.reference, title: input.title || noteTitle(input.type, input.reference) };
}
