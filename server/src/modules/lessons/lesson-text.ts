import type { CheckedReference } from '#common/contracts/ai.ts';
import type { BibleService } from '../bible/bible.service.ts';
import { checkReferences } from '../ai/reference-check.ts';

/** Adult silent reading of non-fiction runs near 200–250 words a minute; a lesson is read with care. */
const WORDS_PER_MINUTE = 200;

export function readTimeMinutes(markdown: string): number {
  const words = markdown.match(/[\p{L}\p{N}’']+/gu)?.length ?? 0;
  return Math.max(1, Math.round(words / WORDS_PER_MINUTE));
}

/** "Praying the Psalms: when words fail" → "praying-the-psalms-when-words-fail" (accents dropped). */
export function slugify(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[’']/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return slug || 'lesson';
}

// Places in Markdown where a reference is not to be linked: code, and the text or address of a link
// the writer made themselves (a link inside a link is no link at all).
const UNLINKABLE = /`[^`\n]*`|```[\s\S]*?```|!?\[[^\]\n]*\]\([^)\n]*\)|<[^>\n]*>/g;

/**
 * The Scripture references in a lesson, checked against the store (KJV, whose numbering the reader
 * shares, in the default translation): verified ones carry the reader link, invalid ones say what is wrong, for the editor's preview.
 */
export function lessonReferences(markdown: string, bible: BibleService): CheckedReference[] {
  const masked = markdown.replace(UNLINKABLE, (m) => ' '.repeat(m.length));
  // A lesson's reader opens the passage in their own translation, not the one it was checked in.
  return checkReferences(masked, bible.translation(undefined), bible, { misquotes: false }).map((r) => ({
    ...r,
    written: markdown.slice(r.start, r.end),
    href: r.href?.replace(/&translation=[^&]*/, ''),
  }));
}
