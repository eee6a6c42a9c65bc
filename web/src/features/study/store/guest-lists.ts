import type { Highlight, Note } from '#common/contracts/study.ts';
import type { HighlightsListParams, NotesListParams, Page } from '../api/lists.ts';
import { PAGE_SIZE } from '../api/lists.ts';

/**
 * A guest's notes and highlights live in this browser (spec §6), so their search, filters and pages
 * are applied here, matching the server's: text search ignores case (notes: content and title;
 * highlights: text and reference), a book matches references that start with it, newest first.
 */
export function guestNotesPage(all: readonly Note[], p: NotesListParams): Page<Note> {
  const q = p.q?.toLowerCase();
  const matching = all.filter(
    (n) => (!p.type || n.type === p.type) && inBook(n.reference, p.book) && (!q || n.content.toLowerCase().includes(q) || n.title.toLowerCase().includes(q)),
  );
  return pageOf(newestFirst(matching), p.page);
}

export function guestHighlightsPage(all: readonly Highlight[], p: HighlightsListParams): Page<Highlight> {
  const q = p.q?.toLowerCase();
  const matching = all.filter(
    (h) =>
      (!p.color || h.color === p.color) && inBook(h.reference, p.book) && (!q || h.text.toLowerCase().includes(q) || h.reference.toLowerCase().includes(q)),
  );
  return pageOf(newestFirst(matching), p.page);
}

export function newestFirst<T extends { createdAt: string }>(items: readonly T[]): T[] {
  // Stable: items saved in the same millisecond keep the order they were kept in.
  return [...items].sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
}

function inBook(reference: string, book: string | undefined): boolean {
  return !book || reference.startsWith(`${book} `);
}

function pageOf<T>(items: T[], page = 1): Page<T> {
  return { items: items.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE), total: items.length };
}
