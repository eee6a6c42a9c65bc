import type { Highlight, Note } from '#common/contracts/study.ts';
import { highlightKey, newItems, noteKey } from '#common/study/dedupe.ts';
import { IMPORT_MAX_BYTES, type ExportFormat, type ExportKind } from '#common/study/export.ts';
import { apiSendFile } from '../../../lib/api-client.ts';
import { guestHighlights } from '../store/guest-highlights.ts';
import { guestNotes } from '../store/guest-notes.ts';
import { newestFirst } from '../store/guest-lists.ts';
import { countOf, en } from '#common/text/plural.ts';

export interface ImportCounts {
  notes: { added: number; skipped: number };
  highlights: { added: number; skipped: number };
}

interface ImportReply extends ImportCounts {
  /** Only for a guest: the file's items, checked by the server, for this browser to keep. */
  guestItems?: { notes: Note[]; highlights: Highlight[] };
}

/** A signed-in person's whole-account download: the server streams it (GET …/export). */
export function accountExportHref(kind: ExportKind, format: ExportFormat): string {
  return `/api/${kind}/export?format=${format}`;
}

/**
 * Imports one of our JSON exports. The server checks it either way (same rules as saving a note or
 * highlight); a signed-in person's items are stored there, a guest's come back to be kept here,
 * skipping what this browser already holds.
 */
export async function importStudyFile(file: File): Promise<ImportCounts> {
  if (file.size > IMPORT_MAX_BYTES) throw new Error(`This file is too large to import (the limit is ${IMPORT_MAX_BYTES / 1024 / 1024} MB).`);
  // The file goes as it is: the server reads and checks it off its main thread.
  const reply = await apiSendFile<ImportReply>('POST', '/api/study/import', file, 'application/json');
  if (!reply.guestItems) return { notes: reply.notes, highlights: reply.highlights };

  const notes = newItems(guestNotes.read().map(noteKey), reply.guestItems.notes, noteKey);
  const marks = newItems(guestHighlights.read().map(highlightKey), reply.guestItems.highlights, highlightKey);
  keep(guestNotes, notes.added);
  keep(guestHighlights, marks.added);
  return {
    notes: { added: notes.added.length, skipped: reply.notes.skipped + notes.skipped },
    highlights: { added: marks.added.length, skipped: reply.highlights.skipped + marks.skipped },
  };
}

function keep<T extends { id: string; createdAt: string }>(list: { read(): T[]; write(items: T[]): void }, added: T[]) {
  if (added.length === 0) return;
  const expected = list.read().length + added.length;
  list.write(newestFirst([...list.read(), ...added]));
  // Browser storage refuses quietly when full: say so rather than report items that were not kept.
  if (list.read().length !== expected) throw new Error("This browser's storage is full, so the file could not be kept here. Sign in to keep it in an account.");
}

/** "Notes: 3 added, 1 duplicate skipped. Highlights: 2 added." — only the kinds the file held. */
export function importSummary(c: ImportCounts): string {
  const part = (label: string, x: { added: number; skipped: number }) =>
    x.added + x.skipped === 0 ? undefined : `${label}: ${x.added} added${x.skipped ? `, ${countOf(x.skipped, en('duplicate'))} skipped` : ''}.`;
  const parts = [part('Notes', c.notes), part('Highlights', c.highlights)].filter(Boolean);
  return parts.length ? parts.join(' ') : 'The file held no notes or highlights.';
}
