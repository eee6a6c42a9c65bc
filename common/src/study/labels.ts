import type { Highlight, Note } from '../contracts/study.ts';

/**
 * Words people see for note types and highlight colours, shared by the list pages and the exports.
 * The types follow the study panel's tabs (Quote, Study, Ask, Notes; spec §2).
 */
export const NOTE_TYPE_LABELS: Record<Note['type'], string> = {
  quote: 'Quote',
  understand: 'Understanding',
  question: 'Question',
  freeform: 'Freeform note',
};

export const HIGHLIGHT_COLOR_LABELS: Record<Highlight['color'], string> = {
  yellow: 'Yellow',
  green: 'Green',
  blue: 'Blue',
  pink: 'Pink',
};

/** Where a reference points in the reader: "John 3:16-18, 20" → John, 3, 16; "Psalms 23" → Psalms, 23. */
export function readerLocation(reference: string): { book: string; chapter: number; verse?: number } | undefined {
  const m = /^(.+?)\s+(\d{1,3})(?:[:.](\d{1,3}))?(?:\s*[-–,;].*)?$/.exec(reference.trim());
  if (!m) return undefined;
  return { book: m[1]!, chapter: Number(m[2]), verse: m[3] ? Number(m[3]) : undefined };
}
