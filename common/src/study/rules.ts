import { passageName } from '../scripture/passage-name.ts';
import { chapterOfReference } from '../scripture/reference.ts';

/**
 * Spec §3 and §5 rules for highlights and notes, without zod so the browser's first load stays small;
 * contracts/study.ts builds the API schemas from them.
 */
export const HIGHLIGHT_COLORS = ['yellow', 'green', 'blue', 'pink'] as const;
export const NOTE_TYPES = ['quote', 'understand', 'question', 'freeform'] as const;
export const NOTE_MAX_LENGTH = 10_000;
export const FONT_SIZES = ['small', 'base', 'large'] as const;
export type FontSize = (typeof FONT_SIZES)[number];
export const GUEST_USER_ID = 'guest';
/**
 * Most notes, and most highlights, one account keeps: enough for a lifetime of study (a highlight
 * per verse of a third of the Bible), small enough that an export always holds all of them.
 */
export const ACCOUNT_MAX_ITEMS = 10_000;

export function accountFull(kind: 'note' | 'highlight'): string {
  return `This account holds ${ACCOUNT_MAX_ITEMS.toLocaleString('en')} ${kind}s, the most one account can keep. Delete some to add more.`;
}

/** When adding many at once (an import, a guest's move) would go past the limit. */
export function accountOverflow(outcome: string): string {
  return `This would take the account past ${ACCOUNT_MAX_ITEMS.toLocaleString('en')} notes or highlights, the most one account can keep. ${outcome}`;
}

export type NoteType = (typeof NOTE_TYPES)[number];

/** Spec §3: "{Type capitalised} for {reference}". */
export function noteTitle(type: NoteType, reference: string): string {
  return `${type[0]!.toUpperCase()}${type.slice(1)} for ${passageName(reference)}`;
}

/** Spec §5: a highlight belongs to a chapter only if its reference is '{book} {chapter}:{verse}'. */
export function highlightInChapter(reference: string, book: string, chapter: number): boolean {
  return new RegExp(`^${escapeRegExp(book)} ${chapter}:\\d+$`).test(reference);
}

/** Spec §5: a note applies when its reference matches exactly or shares the chapter prefix before the colon. */
export function noteApplies(noteReference: string, reference: string): boolean {
  if (noteReference === reference) return true;
  return chapterOfReference(noteReference) === chapterOfReference(reference);
}

/** Spec §5: double and single quotes are stripped from verse text before saving a highlight. */
export function stripQuotes(text: string): string {
  return text.replace(/["'“”‘’]/g, '');
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The 409 of an edit made on a note that has changed since (on another device). */
export const NOTE_CHANGED_ELSEWHERE = 'This note was changed on another device since you opened it.';
